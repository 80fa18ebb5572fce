import { randomBytes } from 'node:crypto';
import { ERROR_CODES, TWO_FACTOR_TEMP_TOKEN_TTL_SECONDS, type TwoFactorCodeBody } from '@meld/shared';
import type { TwoFactorChallenge } from '../../store/two-factor-store.ts';
import type { UserRecord } from '../../store/user-store.ts';
import { DomainError } from '../errors.ts';
import { hashSecret, newId, sameHash } from './tokens.ts';
import { spendCode, type TwoFactorDeps } from './two-factor.ts';

export interface ChallengeStore {
  putChallenge(challenge: TwoFactorChallenge): Promise<void>;
  getChallenge(userId: string, challengeId: string, now: Date): Promise<TwoFactorChallenge | undefined>;
  consumeChallenge(challenge: TwoFactorChallenge): Promise<boolean>;
}

export interface TwoFactorLoginDeps extends Omit<TwoFactorDeps, 'store'> {
  store: TwoFactorDeps['store'] & ChallengeStore;
  getUser(userId: string): Promise<UserRecord | undefined>;
}

export const TEMP_TOKEN_EXPIRED_MESSAGE = 'Your sign-in has expired. Please sign in again.';
const expired = () => new DomainError('unauthenticated', ERROR_CODES.invalidTempToken, TEMP_TOKEN_EXPIRED_MESSAGE);

/**
 * The temporary token is "<userId>.<challengeId>.<secret>": the ids locate the challenge with one
 * read and only the secret's SHA-256 is stored. It lives 5 minutes and works once.
 */
export async function startChallenge(user: { id: string; passwordHash?: string | null }, now: Date, store: Pick<ChallengeStore, 'putChallenge'>): Promise<string> {
  const userId = user.id;
  const challengeId = newId();
  const secret = randomBytes(32).toString('base64url');
  await store.putChallenge({
    userId,
    challengeId,
    secretHash: hashSecret(secret),
    ...(user.passwordHash !== undefined ? { passwordHash: user.passwordHash } : {}),
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + TWO_FACTOR_TEMP_TOKEN_TTL_SECONDS,
  });
  return `${userId}.${challengeId}.${secret}`;
}

function parseTempToken(raw: string): { userId: string; challengeId: string; secret: string } | null {
  const parts = raw.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[\w-]{8,128}$/.test(part))) return null;
  const [userId, challengeId, secret] = parts as [string, string, string];
  return { userId, challengeId, secret };
}

/**
 * The login's second step. Every attempt counts against the user's `twoFactor` limit; the attempt
 * that goes over it also burns the temporary token, so guessing needs the password again. A wrong
 * code leaves the token usable; a right one consumes it.
 */
export async function completeChallenge(tempToken: string, code: TwoFactorCodeBody, deps: TwoFactorLoginDeps): Promise<UserRecord> {
  const parsed = parseTempToken(tempToken);
  if (!parsed) throw expired();
  const challenge = await deps.store.getChallenge(parsed.userId, parsed.challengeId, deps.now);
  if (!challenge || !sameHash(hashSecret(parsed.secret), challenge.secretHash)) throw expired();
  const [user, record] = await Promise.all([deps.getUser(challenge.userId), deps.store.getTwoFactor(challenge.userId)]);
  if (!user?.twoFactorEnabled || !record) throw expired();

  const countAttempt = async (userId: string) => {
    try {
      await deps.countAttempt(userId);
    } catch (error) {
      await deps.store.consumeChallenge(challenge);
      throw error;
    }
  };
  await spendCode(record, code, { ...deps, countAttempt });
  if (!(await deps.store.consumeChallenge(challenge))) throw expired();
  // The session then starts only if the password is still the one the first step checked.
  return challenge.passwordHash === undefined ? user : { ...user, passwordHash: challenge.passwordHash };
}
