import type { AskRouteName } from '@meld/shared';
import { streamReply } from '../../domain/chat/stream-reply.ts';
import { startTurn } from '../../domain/chat/start-turn.ts';
import { getAppConfig } from '../../config/app-config.ts';
import { env } from '../../config/env.ts';
import type { RequestOf } from '../../http/handler.ts';
import { logger } from '../../http/logger.ts';
import type { StreamReply } from '../../http/streaming-handler.ts';
import type { EndpointKind } from '../../providers/llm/endpoints.ts';
import { resolveConnection, type ProviderFactory } from '../../providers/llm/registry.ts';
import { startTurnDeps, streamReplyDeps } from './ask-deps.ts';
import { eventStream } from './event-stream.ts';
import { providerRefused } from './provider-refused.ts';

/** The request of any endpoint kind's chat route: they all take the ask body. */
export type AskRequest = RequestOf<AskRouteName>;

/**
 * The one chat pipeline every endpoint kind's route runs: resolve the endpoint, start the turn,
 * stream the reply. A refusal (endpoint not configured, no key, unknown conversation) is a JSON
 * error before the stream opens; after that, failures are `error` events.
 */
export async function runAsk<K extends EndpointKind>({ body, auth, now }: AskRequest, kind: K, createProvider: ProviderFactory<K>): Promise<StreamReply> {
  const endpointName = kind === 'custom' ? body.endpointName : undefined;
  const provider = providerRefused(() =>
    createProvider(resolveConnection(getAppConfig().endpoints, kind, { ...(endpointName ? { endpointName } : {}), demoWordDelayMs: env.demoWordDelayMs() })),
  );
  const turn = await startTurn({ userId: auth.userId, endpoint: provider.endpoint, endpointType: kind === 'custom' ? 'custom' : null, body, now }, startTurnDeps);
  const stream = eventStream();
  streamReply(turn, provider, stream.send, streamReplyDeps)
    .catch((error: unknown) => {
      logger.error('Saving a reply failed', { error, conversationId: turn.conversation.conversationId });
      stream.send({ type: 'error', code: 'server_error', message: 'The reply could not be saved.' });
    })
    .finally(stream.done);
  return { body: stream.body };
}
