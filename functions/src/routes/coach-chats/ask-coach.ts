import { endpointKind } from '@meld/shared';
import { getAppConfig } from '../../config/app-config.ts';
import { gatherMaterial } from '../../domain/coach-chats/coach-context.ts';
import { coachSystemPrompt, sourcesOf } from '../../domain/coach-chats/coach-prompt.ts';
import { startCoachTurn } from '../../domain/coach-chats/coach-turn.ts';
import { ownThread } from '../../domain/coach-chats/threads.ts';
import { timeZoneHeader, userClock } from '../../domain/compass/user-clock.ts';
import { clip } from '../../domain/reflection/prompts.ts';
import { streamReply } from '../../domain/chat/stream-reply.ts';
import { logger } from '../../http/logger.ts';
import { defineStreamingHandler } from '../../http/streaming-handler.ts';
import { loadProvider } from '../../providers/llm/load-provider.ts';
import * as coachStore from '../../store/coach-chat-store.ts';
import { startTurnDeps, streamReplyDeps } from '../ask/ask-deps.ts';
import { sweepIfAccountDeleted } from '../../store/account-store.ts';
import { eventStream } from '../ask/event-stream.ts';
import { providerRefused } from '../ask/provider-refused.ts';
import { replyOptions } from '../ask/reply-options.ts';
import { chatGuards } from '../balance/chat-guards.ts';
import { compassDeps } from '../interactions/interaction-deps.ts';
import { coachContextDeps } from './coach-deps.ts';
import { requireCoach } from './require-coach.ts';

/** The thread list's preview of the last message. */
const PREVIEW_CHARS = 200;

/**
 * `POST /api/coach/threads/{id}/ask`: the ask pipeline (message limit, reply slot, balance, the
 * turn, the streamed and saved reply, the title) with the coach's endpoint, model and a system
 * prompt built here from the member's recent record and the thread's chips.
 */
export const handler = defineStreamingHandler('askCoach', async ({ auth, params, body, ip, now, event }) => {
  const { userId } = auth;
  const config = getAppConfig();
  const coach = requireCoach(config);
  const thread = await ownThread(userId, params.id, coachStore);
  await chatGuards.countMessage(userId, ip, now);
  const release = await chatGuards.acquireReplySlot(userId, now);
  try {
    const provider = await providerRefused(() => loadProvider(config.endpoints, coach.endpoint));
    const kind = endpointKind(config.endpoints, coach.endpoint) ?? 'custom';
    const { today } = await userClock(userId, timeZoneHeader(event.headers), now, compassDeps);
    const material = await gatherMaterial(userId, today, thread.contextChips, coachContextDeps);
    const turn = await startCoachTurn(
      { userId, thread, text: body.text, parentMessageId: body.parentMessageId, messageId: body.messageId, coach: { endpoint: provider.endpoint, endpointType: kind === 'custom' ? 'custom' : null, model: coach.model }, systemPrompt: coachSystemPrompt(material), now },
      startTurnDeps,
    );
    const at = now.toISOString();
    await coachStore.updateCoachThread(userId, thread.id, { conversationId: turn.conversation.conversationId, lastMessage: clip(body.text, PREVIEW_CHARS), lastSender: 'user', lastActivity: at, lastReadAt: at });
    await coachStore.updateCoachMessageState(userId, thread.id, { messageId: turn.responseMessageId, sources: sourcesOf(material) });
    const options = replyOptions(turn, provider, kind, config.endpoints, release);
    const stream = eventStream();
    // The coach runs no tool, so its route reaches message bodies only (its declared folders).
    const deps = { ...streamReplyDeps, sweepIfAccountDeleted: (id: string) => sweepIfAccountDeleted(id, { toolFiles: false }) };
    const settled = streamReply(turn, provider, stream.send, deps, {
      ...options,
      async onSaved(reply, usage) {
        await options.onSaved?.(reply, usage);
        if (!reply.error) await coachStore.updateCoachThread(userId, thread.id, { lastMessage: clip(reply.text, PREVIEW_CHARS), lastSender: 'ai', lastActivity: reply.updatedAt });
      },
    })
      .catch((error: unknown) => {
        logger.error('Saving a coach reply failed', { error, threadId: thread.id });
        stream.send({ type: 'error', code: 'server_error', message: 'The reply could not be saved.' });
      })
      .finally(() => release().catch((error: unknown) => logger.error('Releasing a reply slot failed', { error })))
      .finally(stream.done);
    return { body: stream.body, settled };
  } catch (error) {
    await release();
    throw error;
  }
});
