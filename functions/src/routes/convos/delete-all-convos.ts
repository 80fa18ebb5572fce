import { deleteAllConversations } from '../../domain/conversations/delete.ts';
import { defineHandler } from '../../http/handler.ts';
import { deleteDeps } from './convo-deps.ts';

export const handler = defineHandler('deleteAllConvos', async ({ auth }) => ({
  deletedCount: await deleteAllConversations(auth.userId, deleteDeps),
}));
