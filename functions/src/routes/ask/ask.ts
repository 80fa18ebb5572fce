import { streamReply } from '../../domain/chat/stream-reply.ts';
import { startTurn } from '../../domain/chat/start-turn.ts';
import { getAppConfig } from '../../config/app-config.ts';
import { env } from '../../config/env.ts';
import { logger } from '../../http/logger.ts';
import { defineStreamingHandler } from '../../http/streaming-handler.ts';
import { resolveProvider } from '../../providers/llm/registry.ts';
import { startTurnDeps, streamReplyDeps } from './ask-deps.ts';
import { eventStream } from './event-stream.ts';
import { providerRefused } from './provider-refused.ts';

export const handler = defineStreamingHandler('ask', async ({ body, params, auth, now }) => {
  const endpointName = params.endpoint === 'custom' ? body.endpointName : undefined;
  const provider = providerRefused(() =>
    resolveProvider(getAppConfig().endpoints, params.endpoint, { ...(endpointName ? { endpointName } : {}), demoWordDelayMs: env.demoWordDelayMs() }),
  );
  const turn = await startTurn(
    { userId: auth.userId, endpoint: endpointName ?? params.endpoint, endpointType: endpointName ? 'custom' : null, body, now },
    startTurnDeps,
  );
  const stream = eventStream();
  streamReply(turn, provider, stream.send, streamReplyDeps)
    .catch((error: unknown) => {
      logger.error('Saving a reply failed', { error, conversationId: turn.conversation.conversationId });
      stream.send({ type: 'error', code: 'server_error', message: 'The reply could not be saved.' });
    })
    .finally(stream.done);
  return { body: stream.body };
});
