import type { AppConfig } from '@meld/shared';
import type { ViolationType } from '../../store/violation-store.ts';
import { ChatRefusal } from './chat-refusal.ts';

/**
 * Per-user chat limits (spec 000 section 8): how many messages in a window (per user and per IP,
 * counted by the same fixed-window counter as every other rate limit) and how many replies at
 * once. Every refusal is recorded as a violation.
 */

/** Longer than a streaming function may run (300 s), so only a dead invocation's slot ever lapses. */
export const REPLY_LEASE_MS = 6 * 60 * 1000;

/**
 * A reply that was just stopped, or is being saved, keeps its slot a moment longer; a message
 * sent meanwhile waits this long for it before it is refused.
 */
export const SLOT_GRACE_MS = 1_500;
const SLOT_RETRY_MS = 250;

export interface LimitsDeps {
  config(): Pick<AppConfig, 'rateLimits' | 'concurrentMessages'>;
  /** Counts one hit in the fixed window and returns the window's total (store/rate-limit-store). */
  countHit(scope: string, subject: string, windowSeconds: number, now: number): Promise<number>;
  claimSlot(userId: string, slotId: string, leaseUntil: number, max: number, now: number): Promise<boolean>;
  releaseSlot(userId: string, slotId: string): Promise<void>;
  newId(): string;
  recordViolation(userId: string, type: ViolationType, details: Record<string, unknown>, now: Date): Promise<void>;
  /** Pauses between claims during the grace; tests pass a pause that returns at once. */
  wait(ms: number): Promise<void>;
}

/**
 * Counts a message the user sends, by user and by IP, before anything else is done with it;
 * refuses (ChatRefusal `message_limit`, with max and windowInMinutes) once either cap is passed.
 */
export async function countMessage(userId: string, ip: string, now: Date, deps: LimitsDeps): Promise<void> {
  const { messages, messagesPerIp } = deps.config().rateLimits;
  for (const [scope, subject, limit] of [['messages', userId, messages], ['messagesPerIp', ip, messagesPerIp]] as const) {
    const hits = await deps.countHit(scope, subject, Math.round(limit.windowMinutes * 60), now.getTime());
    if (hits <= limit.max) continue;
    const info = { max: limit.max, windowInMinutes: limit.windowMinutes };
    await deps.recordViolation(userId, 'message_limit', { ...info, per: scope === 'messages' ? 'user' : 'ip' }, now);
    throw new ChatRefusal('message_limit', `You hit the message limit. You have a cap of ${limit.max} message(s) per ${limit.windowMinutes} minute(s).`, info);
  }
}

/**
 * Takes one of the user's reply slots before the provider is called; refuses (ChatRefusal
 * `concurrent`, with limit) when all are still taken after the grace. Call the returned function once the reply is
 * saved, in a `finally`; calling it twice is harmless.
 */
export async function acquireReplySlot(userId: string, now: Date, deps: LimitsDeps): Promise<() => Promise<void>> {
  const { max } = deps.config().concurrentMessages;
  const slotId = deps.newId();
  let claimed = await deps.claimSlot(userId, slotId, now.getTime() + REPLY_LEASE_MS, max, now.getTime());
  for (let waited = 0; !claimed && waited < SLOT_GRACE_MS; waited += SLOT_RETRY_MS) {
    await deps.wait(SLOT_RETRY_MS);
    claimed = await deps.claimSlot(userId, slotId, now.getTime() + REPLY_LEASE_MS, max, now.getTime());
  }
  if (!claimed) {
    await deps.recordViolation(userId, 'concurrent', { limit: max }, now);
    throw new ChatRefusal(
      'concurrent',
      `Only ${max} message(s) at a time. Please allow any other responses to complete before sending another message, or wait one minute.`,
      { limit: max },
    );
  }
  let released: Promise<void> | undefined;
  return () => (released ??= deps.releaseSlot(userId, slotId));
}
