import { conversationNotFound } from '../../domain/conversations/not-found.ts';
import { changeConversation } from '../../domain/conversations/edit.ts';
import { defineHandler } from '../../http/handler.ts';
import { updateConversation } from '../../store/conversation-store.ts';

export const handler = defineHandler('updateConvo', async ({ body, auth, now }) => {
  const { conversationId, ...change } = body.arg;
  const updated = await updateConversation(auth.userId, conversationId, (current) => changeConversation(current, change, now));
  if (!updated) throw conversationNotFound();
  return updated;
});
