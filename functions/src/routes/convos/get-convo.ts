import { conversationNotFound } from '../../domain/conversations/not-found.ts';
import { defineHandler } from '../../http/handler.ts';
import { getConversation } from '../../store/conversation-store.ts';

export const handler = defineHandler('getConvo', async ({ params, auth }) => {
  const conversation = await getConversation(auth.userId, params.conversationId);
  if (!conversation) throw conversationNotFound();
  return conversation;
});
