import { randomUUID } from 'node:crypto';
import { getAppConfig } from '../../config/app-config.ts';
import { checkBalance, recordUsage, type PromptUsage, type ReplyUsage } from '../../domain/balance/balance.ts';
import { userKeyForEndpoint } from '../../domain/keys/user-keys.ts';
import { acquireReplySlot, countMessage, type LimitsDeps } from '../../domain/limits/limits.ts';
import { chargeRefusal, enforceRateLimit } from '../../http/rate-limit.ts';
import { claimSlot, releaseSlot } from '../../store/reply-slot-store.ts';
import { userKeyDeps } from '../keys/user-key-deps.ts';
import { balanceDeps } from './balance-deps.ts';

export const limitsDeps: LimitsDeps = {
  config: () => getAppConfig(),
  rateLimit: (name, subject, now, refusal) => enforceRateLimit(getAppConfig(), name, subject, now.getTime(), { refusal }),
  chargeRefusal: (type, details, now) => chargeRefusal(getAppConfig(), type, details, now.getTime()),
  claimSlot,
  releaseSlot,
  newId: randomUUID,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * What the chat pipeline calls around a reply, wired to the real stores. In order: countMessage
 * and acquireReplySlot when the message arrives, userKey and checkBalance before the provider,
 * recordUsage once the reply is saved, then release the slot (in a finally). Each refusal is a
 * ChatRefusal or UserKeyError carrying the catalogue type and its values.
 */
export const chatGuards = {
  countMessage: (userId: string, ip: string, now: Date) => countMessage(userId, ip, now, limitsDeps),
  acquireReplySlot: (userId: string, now: Date) => acquireReplySlot(userId, now, limitsDeps),
  /** The user's own key when the endpoint is `user_provided`, else undefined. */
  userKey: (userId: string, endpointName: string, now: Date) => userKeyForEndpoint(userId, endpointName, now, userKeyDeps),
  checkBalance: (userId: string, usage: PromptUsage, now: Date) => checkBalance(userId, usage, now, balanceDeps),
  recordUsage: (userId: string, usage: ReplyUsage, now: Date) => recordUsage(userId, usage, now, balanceDeps),
};
