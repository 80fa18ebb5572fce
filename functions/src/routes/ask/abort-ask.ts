import { defineHandler } from '../../http/handler.ts';
import { requestAbort } from '../../store/generation-store.ts';

/** Flags the conversation's running reply; the generating invocation, wherever it runs, stops it. */
export const handler = defineHandler('abortAsk', async ({ body, auth, now }) => ({
  aborted: await requestAbort(auth.userId, body.conversationId, body.messageId, now),
}));
