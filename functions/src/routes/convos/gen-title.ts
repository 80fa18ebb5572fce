import { ensureTitle } from '../../domain/chat/ensure-title.ts';
import { defineHandler } from '../../http/handler.ts';
import { getConversation, updateConversation } from '../../store/conversation-store.ts';
import { getAllMessages } from '../../store/message-store.ts';

export const handler = defineHandler('genTitle', async ({ body, auth }) => ({
  title: await ensureTitle(auth.userId, body.conversationId, { getConversation, getAllMessages, updateConversation }),
}));
