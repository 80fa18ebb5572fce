import { conversationNotFound } from '../../domain/conversations/not-found.ts';
import { defineHandler } from '../../http/handler.ts';
import { getConversation } from '../../store/conversation-store.ts';
import { getAllMessages } from '../../store/message-store.ts';

export const handler = defineHandler('getMessages', async ({ params, auth }) => {
  // The conversation item, not an empty message list, tells "not yours" (404) from "no messages yet".
  if (!(await getConversation(auth.userId, params.conversationId))) throw conversationNotFound();
  return getAllMessages(auth.userId, params.conversationId);
});
