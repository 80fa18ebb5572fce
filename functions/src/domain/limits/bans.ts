import { ERROR_CODES, type AppConfig } from '@meld/shared';
import type { Offender } from '../../store/ban-store.ts';
import type { ViolationType } from '../../store/violation-store.ts';
import { DomainError } from '../errors.ts';

/**
 * Violations and bans (spec 000 section 8, decision 0011). Every refused rate-limited request is
 * a violation of its offender (the account when the request has one, else its IP address); the
 * violation that brings the offender's count in the ban window to the threshold bans it, and the
 * IP address it came from, for the configured time.
 */

export const BANNED_MESSAGE = 'Your account has been temporarily banned due to violations of our service.';

export interface BanDeps {
  config(): Pick<AppConfig, 'ban'>;
  recordViolation(offender: Offender, type: ViolationType, details: Record<string, unknown>, now: Date): Promise<void>;
  /** Counts one hit in a fixed window and returns the window's total (store/rate-limit-store). */
  countHit(scope: string, subject: string, windowSeconds: number, now: number): Promise<number>;
  putBan(offender: Offender, until: number): Promise<void>;
  /** The latest end of the offenders' bans, ended or not, in one read (store/ban-store). */
  latestBanEnd(offenders: Offender[]): Promise<number>;
}

export function bannedError(): DomainError {
  return new DomainError('forbidden', ERROR_CODES.banned, BANNED_MESSAGE);
}

/**
 * A user's ban lives on the profile (`bannedUntil`); it is over once its end has passed, by the
 * machine's clock unless `now` is given (a limit passes its request time; decision 0008).
 */
export function isUserBanned(user: { bannedUntil?: number } | undefined, now = new Date()): boolean {
  return (user?.bannedUntil ?? 0) > now.getTime();
}

export async function assertNotBanned(offenders: Offender[], now: Date, deps: Pick<BanDeps, 'latestBanEnd'>): Promise<void> {
  if (offenders.length > 0 && (await deps.latestBanEnd(offenders)) > now.getTime()) throw bannedError();
}

/**
 * Records the violation and counts it; at the threshold (and each further multiple, so concurrent
 * violations ban once) bans the offender and `ip`, and records a `ban` violation.
 */
export async function chargeViolation(offender: Offender, ip: string | undefined, type: ViolationType, details: Record<string, unknown>, now: Date, deps: BanDeps): Promise<void> {
  await deps.recordViolation(offender, type, details, now);
  const { ban } = deps.config();
  if (!ban.enabled) return;
  const count = await deps.countHit('violations', `${offender.kind}#${offender.id}`, Math.round(ban.windowMinutes * 60), now.getTime());
  if (count % ban.threshold !== 0) return;
  const until = now.getTime() + ban.durationMinutes * 60_000;
  const banned: Offender[] = offender.kind === 'user' && ip ? [offender, { kind: 'ip', id: ip }] : [offender];
  await Promise.all(banned.map((target) => deps.putBan(target, until)));
  await deps.recordViolation(offender, 'ban', { cause: type, violations: count, until: new Date(until).toISOString(), durationMinutes: ban.durationMinutes }, now);
}
