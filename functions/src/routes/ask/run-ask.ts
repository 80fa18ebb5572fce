import { STREAM_ERROR_LOG, type AskEvent, type AskRouteName } from '@meld/shared';
import { readsImages } from '../../domain/chat/context-window.ts';
import { illegalModelRequest } from '../../domain/chat/model-policy.ts';
import { startTurn, type Turn } from '../../domain/chat/start-turn.ts';
import type { AgentRun } from '../../domain/agents/run-agent.ts';
import { endpointRules } from '../../domain/files/file-rules.ts';
import { refuseTemporaryChatWithoutPermission } from '../../domain/roles/temporary-chat.ts';
import { streamReply } from '../../domain/chat/stream-reply.ts';
import { getAppConfig } from '../../config/app-config.ts';
import { env } from '../../config/env.ts';
import type { RequestOf } from '../../http/handler.ts';
import { logger } from '../../http/logger.ts';
import { chargeRefusal } from '../../http/rate-limit.ts';
import type { StreamReply } from '../../http/streaming-handler.ts';
import type { EndpointKind } from '../../providers/llm/endpoints.ts';
import { resolveConnection, type ProviderFactory, type ResolveOptions } from '../../providers/llm/registry.ts';
import type { ChatProvider } from '../../providers/llm/types.ts';
import { chatGuards } from '../balance/chat-guards.ts';
import { startTurnDeps, streamReplyDeps } from './ask-deps.ts';
import { eventStream } from './event-stream.ts';
import { providerRefused, withUserKeyErrors } from './provider-refused.ts';
import { replyOptions } from './reply-options.ts';

/** The request of any endpoint kind's chat route: they all take the ask body. */
export type AskRequest = RequestOf<AskRouteName>;

/** What a chat route answers with: the endpoint it reaches and how, and for an agent's chat its tool loop. */
export interface ChatTarget {
  kind: EndpointKind;
  /** The configured endpoint's name: a custom endpoint's, or the built-in kind's own. */
  endpointName: string;
  /** Builds the provider once the user's key (for a `user_provided` endpoint) is known. */
  provider(options: ResolveOptions): ChatProvider | Promise<ChatProvider>;
  /** How the conversation records its endpoint; the provider's endpoint (and `custom`) when absent. */
  stored?: { endpoint: string; endpointType: string | null };
  /** An agent's reply: its tools and limits, once the turn (and its conversation) is known. */
  agent?(turn: Turn): Promise<AgentRun>;
}

/** Runs the ask body against endpoint kind `kind`, whose factory builds its provider. */
export function runAsk<K extends EndpointKind>(request: AskRequest, kind: K, createProvider: ProviderFactory<K>): Promise<StreamReply> {
  const endpointName = kind === 'custom' ? request.body.endpointName : undefined;
  return runChat(request, {
    kind,
    endpointName: endpointName ?? kind,
    provider: (options) => createProvider(resolveConnection(getAppConfig().endpoints, kind, { ...options, ...(endpointName ? { endpointName } : {}) })),
  });
}

/**
 * The one chat pipeline every chat route runs (each endpoint kind's and the agents'). Before the
 * stream opens, and before anything is written: the message limit, a reply slot (concurrency),
 * the user's own key, the endpoint and the model; a refusal there is JSON with its catalogue code.
 * Then the turn starts and the reply streams; the balance is checked after `created` (the refusal
 * is saved as the reply) and spent once the reply is saved. The slot is released when the reply
 * is saved, even if the browser has gone.
 */
export async function runChat({ body, auth, ip, now }: Pick<AskRequest, 'body' | 'auth' | 'ip' | 'now'>, target: ChatTarget): Promise<StreamReply> {
  const { userId } = auth;
  const { kind } = target;
  await refuseTemporaryChatWithoutPermission(auth.role, body);
  await chatGuards.countMessage(userId, ip, now);
  const release = await chatGuards.acquireReplySlot(userId, now);
  try {
    const config = getAppConfig().endpoints;
    const provider = await providerRefused(async () => {
      const userKey = await chatGuards.userKey(userId, target.endpointName, now);
      const resolved = await target.provider({ ...(userKey ? { userKey } : {}), demoWordDelayMs: env.demoWordDelayMs() });
      return userKey ? withUserKeyErrors(resolved) : resolved;
    });
    const illegal = illegalModelRequest(getAppConfig(), provider.endpoint, body);
    if (illegal) {
      await chargeRefusal(getAppConfig(), 'illegal_model_request', { endpoint: provider.endpoint, model: body.model, spec: body.spec ?? null }, now.getTime());
      throw illegal;
    }
    const vision = readsImages(config, provider.endpoint, body.model);
    const stored = target.stored ?? { endpoint: provider.endpoint, endpointType: kind === 'custom' ? 'custom' : null };
    // Files are held to the rules of the endpoint they were uploaded for, as the browser names it (`agents` for an agent).
    const fileRules = endpointRules(getAppConfig(), stored.endpoint);
    const turn = await startTurn({ userId, ...stored, body, now, vision, fileRules }, startTurnDeps);
    const options = { ...replyOptions(turn, provider, kind, config, release), ...(target.agent ? { agent: await target.agent(turn) } : {}) };
    const stream = eventStream();
    const send = (event: AskEvent) => {
      if (event.type === 'error') logger.warn(STREAM_ERROR_LOG.message, { [STREAM_ERROR_LOG.codeField]: event.code, endpoint: provider.endpoint });
      stream.send(event);
    };
    const settled = streamReply(turn, provider, send, streamReplyDeps, options)
      .catch((error: unknown) => {
        logger.error('Saving a reply failed', { error, conversationId: turn.conversation.conversationId });
        send({ type: 'error', code: 'server_error', message: 'The reply could not be saved.' });
      })
      // Normally freed as soon as the reply is saved (afterSave); this covers a reply that failed.
      .finally(() => release().catch((error: unknown) => logger.error('Releasing a reply slot failed', { error })))
      .finally(stream.done);
    return { body: stream.body, settled };
  } catch (error) {
    await release();
    throw error;
  }
}
