import { editMessage } from '../../domain/conversations/edit.ts';
import { messageNotFound } from '../../domain/conversations/not-found.ts';
import { defineHandler } from '../../http/handler.ts';
import { updateConversation } from '../../store/conversation-store.ts';
import { getMessage, putMessage } from '../../store/message-store.ts';

export const handler = defineHandler('updateMessage', async ({ params, body, auth, now }) => {
  const { conversationId, messageId } = params;
  const message = await getMessage(auth.userId, conversationId, messageId);
  if (!message) throw messageNotFound();
  const edited = editMessage(message, body, now);
  await putMessage(auth.userId, edited);
  // An edit is activity: the conversation moves up the recent list.
  await updateConversation(auth.userId, conversationId, (current) => ({ ...current, updatedAt: now.toISOString() }));
  return edited;
});
