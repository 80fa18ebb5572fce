import { editMessage } from '../../domain/conversations/edit.ts';
import { messageNotFound } from '../../domain/conversations/not-found.ts';
import { defineHandler } from '../../http/handler.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { getConversation, updateConversation } from '../../store/conversation-store.ts';
import { getMessage, putMessage } from '../../store/message-store.ts';

export const handler = defineHandler('updateMessage', async ({ params, body, auth, now }) => {
  const { conversationId, messageId } = params;
  // A deleted conversation is gone at once; its messages go in the background (decision 0034).
  const [conversation, message] = await Promise.all([getConversation(auth.userId, conversationId), getMessage(auth.userId, conversationId, messageId)]);
  if (!conversation || !message) throw messageNotFound();
  const edited = editMessage(message, body, now);
  await putMessage(auth.userId, edited);
  // An edit is activity: the conversation moves up the recent list.
  const moved = await updateConversation(auth.userId, conversationId, (current) => ({ ...current, updatedAt: now.toISOString() }));
  // Deleted meanwhile: its purge may have run already, so the edit goes the same way.
  if (!moved) {
    await enqueueJob({ kind: 'purgeConversations', userId: auth.userId, conversationIds: [conversationId] });
    throw messageNotFound();
  }
  return edited;
});
