import { saveArtifactEdit } from '../../domain/artifacts/save-artifact.ts';
import { messageNotFound } from '../../domain/conversations/not-found.ts';
import { defineHandler } from '../../http/handler.ts';
import { getMessage, putMessage } from '../../store/message-store.ts';

export const handler = defineHandler('saveArtifact', async ({ params, body, auth, now }) => {
  const message = await getMessage(auth.userId, body.conversationId, params.messageId);
  if (!message || message.isCreatedByUser) throw messageNotFound();
  const saved = saveArtifactEdit(message, body, now);
  await putMessage(auth.userId, saved);
  return saved;
});
