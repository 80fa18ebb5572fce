import { keys } from './keys.ts';
import { isExpired, table, ttlFrom } from './table.ts';

/**
 * The newest registration that found its address taken while verification is required
 * (decision 0009). It keeps the password it was made with, so signing in with it answers "verify
 * your address" as it would for the new account the caller was told of, and the login's answer
 * does not say whether the address was free. One per address: a newer registration overwrites it,
 * so login reads one item and makes one compare for it however many registrations were made.
 */
export interface RegistrationAttempt {
  passwordHash: string;
  createdAt: string;
  /** Epoch seconds; also the table's TTL attribute. */
  expiresAt: number;
}

export async function putRegistrationAttempt(email: string, attempt: RegistrationAttempt): Promise<void> {
  await table.put({ ...keys.registrationAttempt(email), entity: 'registrationAttempt', ...attempt });
}

/** The address's attempt, unless its 24 hours are over (TTL deletes late). */
export async function getRegistrationAttempt(email: string, now: Date): Promise<RegistrationAttempt | undefined> {
  const item = await table.get<RegistrationAttempt>(keys.registrationAttempt(email), false, ['passwordHash', 'createdAt', 'expiresAt']);
  return item && !isExpired(item, now) ? item : undefined;
}

export const attemptExpiry = (now: Date, hours: number) => ttlFrom(new Date(now.getTime() + hours * 3_600_000));
