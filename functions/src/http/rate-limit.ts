import type { AppConfig } from '@meld/shared';
import { assertNotBanned, chargeViolation, type BanDeps } from '../domain/limits/bans.ts';
import { latestBanEnd, putBan, type Offender } from '../store/ban-store.ts';
import { countHit } from '../store/rate-limit-store.ts';
import { recordIpViolation, recordViolation, type ViolationType } from '../store/violation-store.ts';
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
}

/** Spec 000 section 8's types where it has one; every other limit is a rate_limit with its name. */
const VIOLATION_TYPES: Partial<Record<RateLimitName, ViolationType>> = {
  passwordReset: 'reset_password_limit',
  verifyEmail: 'verify_email_limit',
  login: 'login_limit',
  fileUploads: 'file_upload_limit',
  fileUploadsPerIp: 'file_upload_limit',
  tts: 'tts_limit',
  ttsPerIp: 'tts_limit',
  stt: 'stt_limit',
  sttPerIp: 'stt_limit',
  toolCall: 'tool_call_limit',
};

/**
 * Refuses a banned caller (403 BANNED; its address and its account, signed in or given in
 * `options`, read once per request), then counts a hit for `subject` and throws a 429 with
 * Retry-After once the window's attempts are used up. Each refused hit is a violation of the
 * caller, and enough of them ban it (decision 0011).
 */
export async function enforceRateLimit(config: AppConfig, name: RateLimitName, subject: string, now = Date.now(), options: RateLimitOptions = {}): Promise<void> {
  const scope = requestScope();
  const ip = options.ip ?? (scope?.ip !== 'unknown' ? scope?.ip : undefined);
  const userId = options.userId ?? scope?.userId;
  const offenders: Offender[] = [...(userId ? [{ kind: 'user', id: userId } as const] : []), ...(ip ? [{ kind: 'ip', id: ip } as const] : [])];
  const at = new Date(now);
  if (!scope?.bansChecked) {
    await assertNotBanned(offenders, at, banDeps(config));
    if (scope) scope.bansChecked = true;
  }

  const limit = config.rateLimits[name];
  const windowSeconds = Math.round(limit.windowMinutes * 60);
  const hits = await countHit(name, subject, windowSeconds, now);
  if (hits <= limit.max) return;
  const offender = offenders[0];
  if (offender) {
    const details = { limit: name, max: limit.max, windowMinutes: limit.windowMinutes };
    // The 429 is the limit's answer whatever happens to the bookkeeping.
    await chargeViolation(offender, ip, VIOLATION_TYPES[name] ?? 'rate_limit', details, at, banDeps(config)).catch((error: unknown) =>
      logger.error('Recording a violation failed', { error: error as Error, limit: name }),
    );
  }
  const windowEnd = (Math.floor(now / 1000 / windowSeconds) + 1) * windowSeconds;
  throw httpErrors.tooManyRequests(Math.max(1, windowEnd - Math.floor(now / 1000)));
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
