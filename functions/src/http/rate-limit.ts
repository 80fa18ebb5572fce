import type { AppConfig } from '@meld/shared';
import { assertNotBanned, chargeViolation, type BanDeps } from '../domain/limits/bans.ts';
import { latestBanEnd, putBan, type Offender } from '../store/ban-store.ts';
import { countHit } from '../store/rate-limit-store.ts';
import { recordIpViolation, recordViolation, type ViolationType } from '../store/violation-store.ts';
import { requestTime } from './clock.ts';
import { httpErrors } from './errors.ts';
import { logger } from './logger.ts';
import { requestScope } from './request-scope.ts';

export type RateLimitName = keyof AppConfig['rateLimits'];

export interface RateLimitOptions {
  /**
   * The account acting, when the route knows it without a sign-in (a two-factor code sent with
   * its temp token): its ban refuses the request and violations count against it. Defaults to
   * the signed-in user. Never an account a request merely names (a login's e-mail), or anyone
   * could have any account banned.
   */
  userId?: string;
  /** The caller's address; defaults to the request's. */
  ip?: string;
  /** What a refused hit throws; a 429 with Retry-After by default (chat limits answer their catalogue refusal). */
  refusal?: (limit: { max: number; windowMinutes: number }, retryAfterSeconds: number) => Error;
  /**
   * False for a limit that guards someone other than the caller (a login's per-account window):
   * its refusal is no violation of the caller, who may be that account's owner.
   */
  charge?: boolean;
}

/** Spec 000 section 8's types where it has one; every other limit is a rate_limit with its name. */
const VIOLATION_TYPES: Partial<Record<RateLimitName, ViolationType>> = {
  passwordReset: 'reset_password_limit',
  verifyEmail: 'verify_email_limit',
  login: 'login_limit',
  loginPerAccount: 'login_limit',
  fileUploads: 'file_upload_limit',
  fileUploadsPerIp: 'file_upload_limit',
  tts: 'tts_limit',
  ttsPerIp: 'tts_limit',
  stt: 'stt_limit',
  sttPerIp: 'stt_limit',
  toolCall: 'tool_call_limit',
  messages: 'message_limit',
  messagesPerIp: 'message_limit',
};

/**
 * The one limiter (decision 0011). Refuses a banned caller (403 BANNED; its address, and its
 * account when given in `options` or not already checked by the sign-in, read once per request),
 * then counts a hit for `subject` and refuses once the window's attempts are used up: a 429 with
 * Retry-After, or `options.refusal`. Each refused hit is a violation of the caller, and enough of
 * them ban it. `now` defaults to the request clock (`requestTime()`), so every window counts on
 * one clock, whether or not the route passes its request time; in Lambda that is the machine's.
 */
export async function enforceRateLimit(config: AppConfig, name: RateLimitName, subject: string, now = requestTime().getTime(), options: RateLimitOptions = {}): Promise<void> {
  const caller = callerOf(options);
  const at = new Date(now);
  await assertCallerNotBanned(config, caller, at);

  const limit = config.rateLimits[name];
  const windowSeconds = Math.round(limit.windowMinutes * 60);
  const hits = await countHit(name, subject, windowSeconds, now);
  if (hits <= limit.max) return;
  if (options.charge !== false) await chargeCaller(config, caller, VIOLATION_TYPES[name] ?? 'rate_limit', { limit: name, max: limit.max, windowMinutes: limit.windowMinutes }, at);
  const windowEnd = (Math.floor(now / 1000 / windowSeconds) + 1) * windowSeconds;
  const retryAfter = Math.max(1, windowEnd - Math.floor(now / 1000));
  throw options.refusal ? options.refusal(limit, retryAfter) : httpErrors.tooManyRequests(retryAfter);
}

/** Refuses a banned caller (403 BANNED) before a route does any work that a limit counts later. */
export async function refuseBannedCaller(config: AppConfig, now = Date.now()): Promise<void> {
  await assertCallerNotBanned(config, callerOf({}), new Date(now));
}

/**
 * A refusal decided outside a window (a chat's replies at once, its balance, a model it may not
 * use): recorded as the caller's violation and counted toward a ban, like a refused hit.
 */
export async function chargeRefusal(config: AppConfig, type: ViolationType, details: Record<string, unknown>, now = Date.now(), options: Pick<RateLimitOptions, 'userId' | 'ip'> = {}): Promise<void> {
  await chargeCaller(config, callerOf(options), type, details, new Date(now));
}

interface Caller {
  ip: string | undefined;
  userId: string | undefined;
  /** Offenders whose ban this request has not read yet. */
  unchecked: Offender[];
}

function callerOf(options: Pick<RateLimitOptions, 'userId' | 'ip'>): Caller {
  const scope = requestScope();
  const ip = options.ip ?? (scope?.ip !== 'unknown' ? scope?.ip : undefined);
  const userId = options.userId ?? scope?.userId;
  // The sign-in read the signed-in account's ban with its session (http/auth.ts).
  const userUnchecked = userId !== undefined && userId !== scope?.userId;
  const unchecked: Offender[] = [...(userUnchecked ? [{ kind: 'user', id: userId } as const] : []), ...(ip ? [{ kind: 'ip', id: ip } as const] : [])];
  return { ip, userId, unchecked };
}

async function assertCallerNotBanned(config: AppConfig, caller: Caller, at: Date): Promise<void> {
  const scope = requestScope();
  if (scope?.bansChecked) return;
  await assertNotBanned(caller.unchecked, at, banDeps(config));
  if (scope) scope.bansChecked = true;
}

async function chargeCaller(config: AppConfig, caller: Caller, type: ViolationType, details: Record<string, unknown>, at: Date): Promise<void> {
  const offender: Offender | undefined = caller.userId ? { kind: 'user', id: caller.userId } : caller.ip ? { kind: 'ip', id: caller.ip } : undefined;
  if (!offender) return;
  // The refusal is the answer whatever happens to the bookkeeping.
  await chargeViolation(offender, caller.ip, type, details, at, banDeps(config)).catch((error: unknown) =>
    logger.error('Recording a violation failed', { error: error as Error, type }),
  );
}

function banDeps(config: AppConfig): BanDeps {
  return {
    config: () => config,
    recordViolation: (offender, type, details, now) => (offender.kind === 'user' ? recordViolation : recordIpViolation)(offender.id, type, details, now),
    countHit,
    putBan,
    latestBanEnd,
  };
}
