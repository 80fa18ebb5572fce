import { deleteConversation } from '../../domain/conversations/delete.ts';
import { defineHandler } from '../../http/handler.ts';
import { deleteDeps } from './convo-deps.ts';

export const handler = defineHandler('deleteConvo', async ({ body, auth }) => ({
  deletedCount: await deleteConversation(auth.userId, body.arg.conversationId, deleteDeps),
}));
