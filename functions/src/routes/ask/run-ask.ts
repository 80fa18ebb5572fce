import type { AskRouteName } from '@meld/shared';
import { readsImages } from '../../domain/chat/context-window.ts';
import { illegalModelRequest } from '../../domain/chat/model-policy.ts';
import { startTurn } from '../../domain/chat/start-turn.ts';
import { refuseTemporaryChatWithoutPermission } from '../../domain/roles/temporary-chat.ts';
import { streamReply } from '../../domain/chat/stream-reply.ts';
import { getAppConfig } from '../../config/app-config.ts';
import { env } from '../../config/env.ts';
import type { RequestOf } from '../../http/handler.ts';
import { logger } from '../../http/logger.ts';
import type { StreamReply } from '../../http/streaming-handler.ts';
import type { EndpointKind } from '../../providers/llm/endpoints.ts';
import { resolveConnection, type ProviderFactory } from '../../providers/llm/registry.ts';
import { recordViolation } from '../../store/violation-store.ts';
import { chatGuards } from '../balance/chat-guards.ts';
import { startTurnDeps, streamReplyDeps } from './ask-deps.ts';
import { eventStream } from './event-stream.ts';
import { providerRefused, withUserKeyErrors } from './provider-refused.ts';
import { replyOptions } from './reply-options.ts';

/** The request of any endpoint kind's chat route: they all take the ask body. */
export type AskRequest = RequestOf<AskRouteName>;

/**
 * The one chat pipeline every endpoint kind's route runs. Before the stream opens, and before
 * anything is written: the message limit, a reply slot (concurrency), the user's own key, the
 * endpoint and the model; a refusal there is JSON with its catalogue code. Then the turn starts and the
 * reply streams; the balance is checked after `created` (the refusal is saved as the reply) and
 * spent once the reply is saved. The slot is released when the reply is saved, even if the
 * browser has gone.
 */
export async function runAsk<K extends EndpointKind>({ body, auth, ip, now }: AskRequest, kind: K, createProvider: ProviderFactory<K>): Promise<StreamReply> {
  const { userId } = auth;
  await refuseTemporaryChatWithoutPermission(auth.role, body);
  await chatGuards.countMessage(userId, ip, now);
  const release = await chatGuards.acquireReplySlot(userId, now);
  try {
    const config = getAppConfig().endpoints;
    const endpointName = kind === 'custom' ? body.endpointName : undefined;
    const provider = await providerRefused(async () => {
      const userKey = await chatGuards.userKey(userId, endpointName ?? kind, now);
      const connection = { ...(endpointName ? { endpointName } : {}), ...(userKey ? { userKey } : {}), demoWordDelayMs: env.demoWordDelayMs() };
      const resolved = createProvider(resolveConnection(config, kind, connection));
      return userKey ? withUserKeyErrors(resolved) : resolved;
    });
    const illegal = illegalModelRequest(getAppConfig(), provider.endpoint, body);
    if (illegal) {
      await recordViolation(userId, 'illegal_model_request', { endpoint: provider.endpoint, model: body.model, spec: body.spec ?? null }, now);
      throw illegal;
    }
    const vision = readsImages(config, provider.endpoint, body.model);
    const turn = await startTurn({ userId, endpoint: provider.endpoint, endpointType: kind === 'custom' ? 'custom' : null, body, now, vision }, startTurnDeps);
    const stream = eventStream();
    streamReply(turn, provider, stream.send, streamReplyDeps, replyOptions(turn, provider, kind, config, release))
      .catch((error: unknown) => {
        logger.error('Saving a reply failed', { error, conversationId: turn.conversation.conversationId });
        stream.send({ type: 'error', code: 'server_error', message: 'The reply could not be saved.' });
      })
      // Normally freed as soon as the reply is saved (afterSave); this covers a reply that failed.
      .finally(() => release().catch((error: unknown) => logger.error('Releasing a reply slot failed', { error })))
      .finally(stream.done);
    return { body: stream.body };
  } catch (error) {
    await release();
    throw error;
  }
}
