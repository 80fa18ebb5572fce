import { ERROR_CODES } from '@meld/shared';
import type { UserRecord } from '../../store/user-store.ts';
import { DomainError } from '../errors.ts';
import { burnPasswordCheck, verifyPassword } from './passwords.ts';

export interface LoginDeps {
  findUserIdByEmail(email: string): Promise<string | undefined>;
  getUser(userId: string): Promise<UserRecord | undefined>;
  requireVerifiedEmail: boolean;
  /** With verification required: registrations that found this address taken (newest first). */
  registrationAttempts?(email: string): Promise<{ passwordHash: string }[]>;
}

export const INVALID_CREDENTIALS_MESSAGE = 'Email or password is incorrect.';

const unverified = () => new DomainError('unprocessable', ERROR_CODES.emailUnverified, 'Please verify your email address before signing in.');

/** Checks e-mail and password; the same answer, after the same work, for every wrong pair. */
export async function checkCredentials(email: string, password: string, deps: LoginDeps): Promise<UserRecord> {
  const [userId, attempts] = await Promise.all([deps.findUserIdByEmail(email), deps.requireVerifiedEmail ? (deps.registrationAttempts?.(email) ?? []) : []]);
  // Someone registered this taken address and was told to verify it (issue 21): their password
  // gets the answer a new account would, after one hash, as for a new account.
  const user = userId ? await deps.getUser(userId) : undefined;
  for (const attempt of attempts) if (await verifyPassword(password, attempt.passwordHash)) throw unverified();
  const valid = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : await burnPasswordCheck(password);
  if (!user || !valid) throw new DomainError('unauthenticated', ERROR_CODES.invalidCredentials, INVALID_CREDENTIALS_MESSAGE);
  if (deps.requireVerifiedEmail && !user.emailVerified) throw unverified();
  return user;
}
