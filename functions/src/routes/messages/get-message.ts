import { messageNotFound } from '../../domain/conversations/not-found.ts';
import { defineHandler } from '../../http/handler.ts';
import { getConversation } from '../../store/conversation-store.ts';
import { getMessage } from '../../store/message-store.ts';

export const handler = defineHandler('getMessage', async ({ params, auth }) => {
  // A deleted conversation is gone at once; its messages go in the background (decision 0034).
  const [conversation, message] = await Promise.all([getConversation(auth.userId, params.conversationId), getMessage(auth.userId, params.conversationId, params.messageId)]);
  if (!conversation || !message) throw messageNotFound();
  return message;
});
