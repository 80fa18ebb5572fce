import { ERROR_CODES } from '@meld/shared';
import type { UserRecord } from '../../store/user-store.ts';
import { DomainError } from '../errors.ts';
import { burnPasswordCheck, verifyPassword } from './passwords.ts';

export interface LoginDeps {
  findUserIdByEmail(email: string): Promise<string | undefined>;
  getUser(userId: string): Promise<UserRecord | undefined>;
  requireVerifiedEmail: boolean;
  /** With verification required: the newest registration that found this address taken, if any. */
  registrationAttempt?(email: string): Promise<{ passwordHash: string } | undefined>;
  /** The bcrypt compares, replaceable so a test can count them. */
  passwords?: { verify: typeof verifyPassword; burn: typeof burnPasswordCheck };
}

export const INVALID_CREDENTIALS_MESSAGE = 'Email or password is incorrect.';

const unverified = () => new DomainError('unprocessable', ERROR_CODES.emailUnverified, 'Please verify your email address before signing in.');
const invalid = () => new DomainError('unauthenticated', ERROR_CODES.invalidCredentials, INVALID_CREDENTIALS_MESSAGE);

/**
 * Checks e-mail and password; the same answer, after the same work, for every wrong pair.
 * Verification not required: one compare (the account's hash, or the decoy for no account).
 * Verification required: always two (decision 0009, issue 21). First the account's own password
 * (or the decoy), so its owner signs in whatever anyone registered since; then the address's
 * registration attempt, whose password answers "verify your address" as the new account it was
 * told of would, or the decoy when there is no attempt or the first compare matched. The count
 * never depends on whether the address is taken, has an attempt, or which password matched.
 */
export async function checkCredentials(email: string, password: string, deps: LoginDeps): Promise<UserRecord> {
  const { verify, burn } = deps.passwords ?? { verify: verifyPassword, burn: burnPasswordCheck };
  const [userId, attempt] = await Promise.all([deps.findUserIdByEmail(email), deps.requireVerifiedEmail ? deps.registrationAttempt?.(email) : undefined]);
  const user = userId ? await deps.getUser(userId) : undefined;
  const owner = user?.passwordHash ? await verify(password, user.passwordHash) : await burn(password);
  if (!deps.requireVerifiedEmail) {
    if (!user || !owner) throw invalid();
    return user;
  }
  const attempted = !owner && attempt ? await verify(password, attempt.passwordHash) : await burn(password);
  if (user && owner) {
    if (!user.emailVerified) throw unverified();
    return user;
  }
  if (attempted) throw unverified();
  throw invalid();
}
