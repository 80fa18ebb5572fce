import { messageNotFound } from '../../domain/conversations/not-found.ts';
import { defineHandler } from '../../http/handler.ts';
import { getMessage } from '../../store/message-store.ts';

export const handler = defineHandler('getMessage', async ({ params, auth }) => {
  const message = await getMessage(auth.userId, params.conversationId, params.messageId);
  if (!message) throw messageNotFound();
  return message;
});
