import type { AppConfig } from '@meld/shared';
import type { ViolationType } from '../../store/violation-store.ts';
import { ChatRefusal } from './chat-refusal.ts';

/**
 * Per-user chat limits (spec 000 section 8): how many messages in a window (per user and per IP)
 * and how many replies at once. Both go through the app's one limiter (http/rate-limit.ts,
 * decision 0011), so a refusal is a violation that counts toward a ban, and a banned caller is
 * refused before anything is counted.
 */

/** Longer than a streaming function may run (300 s), so only a dead invocation's slot ever lapses. */
export const REPLY_LEASE_MS = 6 * 60 * 1000;

/**
 * A reply that was just stopped, or is being saved, keeps its slot a moment longer; a message
 * sent meanwhile waits this long for it before it is refused.
 */
export const SLOT_GRACE_MS = 1_500;
const SLOT_RETRY_MS = 250;

export type MessageLimitName = 'messages' | 'messagesPerIp';

export interface LimitsDeps {
  config(): Pick<AppConfig, 'concurrentMessages'>;
  /** The one limiter: refuses a banned caller, counts a hit, and past the limit charges the caller and throws `refusal`. */
  rateLimit(name: MessageLimitName, subject: string, now: Date, refusal: (limit: { max: number; windowMinutes: number }) => Error): Promise<void>;
  /** The one limiter's charge for a refusal decided here: a violation of the caller that counts toward a ban. */
  chargeRefusal(type: ViolationType, details: Record<string, unknown>, now: Date): Promise<void>;
  claimSlot(userId: string, slotId: string, leaseUntil: number, max: number, now: number): Promise<boolean>;
  releaseSlot(userId: string, slotId: string): Promise<void>;
  newId(): string;
  /** Pauses between claims during the grace; tests pass a pause that returns at once. */
  wait(ms: number): Promise<void>;
}

/**
 * Counts a message the user sends, by user and by IP, before anything else is done with it;
 * refuses (ChatRefusal `message_limit`, with max and windowInMinutes) once either cap is passed.
 */
export async function countMessage(userId: string, ip: string, now: Date, deps: LimitsDeps): Promise<void> {
  const refusal = (limit: { max: number; windowMinutes: number }) =>
    new ChatRefusal('message_limit', `You hit the message limit. You have a cap of ${limit.max} message(s) per ${limit.windowMinutes} minute(s).`, {
      max: limit.max,
      windowInMinutes: limit.windowMinutes,
    });
  await deps.rateLimit('messages', userId, now, refusal);
  await deps.rateLimit('messagesPerIp', ip, now, refusal);
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
    await deps.chargeRefusal('concurrent', { limit: max }, now);
    throw new ChatRefusal(
      'concurrent',
      `Only ${max} message(s) at a time. Please allow any other responses to complete before sending another message, or wait one minute.`,
      { limit: max },
    );
  }
  let released: Promise<void> | undefined;
  return () => (released ??= deps.releaseSlot(userId, slotId));
}
