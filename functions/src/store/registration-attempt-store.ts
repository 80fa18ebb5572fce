import { keys } from './keys.ts';
import { isExpired, table, ttlFrom } from './table.ts';

/**
 * Registrations that found their address taken while verification is required (decision 0009).
 * Each keeps the password it was made with, so signing in with it answers "verify your address"
 * as it would for the new account the caller was told of, and the login's answer does not say
 * whether the address was free.
 */
export interface RegistrationAttempt {
  passwordHash: string;
  createdAt: string;
  /** Epoch seconds; also the table's TTL attribute. */
  expiresAt: number;
}

/** How many attempts login checks: the newest, so a flood of attempts costs no more than these. */
export const ATTEMPTS_CHECKED = 3;

export async function putRegistrationAttempt(email: string, attempt: RegistrationAttempt, attemptId: string): Promise<void> {
  await table.put({ ...keys.registrationAttempt(email, attempt.createdAt, attemptId), entity: 'registrationAttempt', ...attempt });
}

export async function recentRegistrationAttempts(email: string, now: Date): Promise<RegistrationAttempt[]> {
  const { items } = await table.query<RegistrationAttempt>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.emailClaim(email).pk, ':prefix': keys.registrationAttemptPrefix },
    ProjectionExpression: 'passwordHash, createdAt, expiresAt',
    ScanIndexForward: false,
    Limit: ATTEMPTS_CHECKED,
  });
  return items.filter((item) => !isExpired(item, now));
}

export const attemptExpiry = (now: Date, hours: number) => ttlFrom(new Date(now.getTime() + hours * 3_600_000));
