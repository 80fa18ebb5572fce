import { ERROR_CODES } from '@meld/shared';
import type { UserRecord } from '../../store/user-store.ts';
import { DomainError } from '../errors.ts';
import { burnPasswordCheck, verifyPassword } from './passwords.ts';

export interface LoginDeps {
  findUserIdByEmail(email: string): Promise<string | undefined>;
  getUser(userId: string): Promise<UserRecord | undefined>;
  requireVerifiedEmail: boolean;
}

export const INVALID_CREDENTIALS_MESSAGE = 'Email or password is incorrect.';

/** Checks e-mail and password; the same answer, after the same work, for every wrong pair. */
export async function checkCredentials(email: string, password: string, deps: LoginDeps): Promise<UserRecord> {
  const userId = await deps.findUserIdByEmail(email);
  const user = userId ? await deps.getUser(userId) : undefined;
  const valid = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : await burnPasswordCheck(password);
  if (!user || !valid) throw new DomainError('unauthenticated', ERROR_CODES.invalidCredentials, INVALID_CREDENTIALS_MESSAGE);
  if (deps.requireVerifiedEmail && !user.emailVerified) {
    throw new DomainError('unprocessable', ERROR_CODES.emailUnverified, 'Please verify your email address before signing in.');
  }
  return user;
}
