import type { Role, SocialProvider, UserProfile } from '@meld/shared';
import { keys } from './keys.ts';
import { isConditionFailed, table } from './table.ts';

export interface UserRecord {
  id: string;
  name: string;
  username: string;
  email: string;
  passwordHash: string | null;
  role: Role;
  /** 'local' signs in with a password; a social provider's users have none (decision 0010). */
  provider: 'local' | SocialProvider;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  termsAccepted: boolean;
  /** When the user first accepted the terms; absent until then. */
  termsAcceptedAt?: string;
  avatar: string | null;
  profile: UserProfile;
  signupCode: string | null;
  createdAt: string;
  updatedAt: string;
  lastLogin: string | null;
  /** The browser's IANA zone, kept by saveUserTimeZone; absent until the browser first sends one. */
  timeZone?: string;
  /** The end (epoch ms) of a ban, set by ban-store; a ban is over once its end has passed (decision 0011). */
  bannedUntil?: number;
}

export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
}

/**
 * Creates a user with a unique e-mail. dynalite has no transactions (decision 0001), so the
 * e-mail claim is written first with a condition, then the profile; if the profile write
 * fails the claim is released, so a failure never leaves an e-mail locked.
 */
export async function createUser(user: UserRecord): Promise<void> {
  try {
    await table.put({ ...keys.emailClaim(user.email), userId: user.id, createdAt: user.createdAt }, { ConditionExpression: 'attribute_not_exists(pk)' });
  } catch (error) {
    if (isConditionFailed(error)) throw new EmailTakenError('An account with this email already exists.');
    throw error;
  }
  try {
    await table.put({ ...keys.user(user.id), entity: 'user', ...user }, { ConditionExpression: 'attribute_not_exists(pk)' });
  } catch (error) {
    await table.delete(keys.emailClaim(user.email), { ConditionExpression: 'userId = :id', ExpressionAttributeValues: { ':id': user.id } }).catch(() => undefined);
    throw error;
  }
}

export async function getUser(userId: string): Promise<UserRecord | undefined> {
  const item = await table.get<UserRecord & { pk: string; sk: string; entity: string }>(keys.user(userId));
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, entity: _entity, ...user } = item;
  return user;
}

export async function findUserIdByEmail(email: string): Promise<string | undefined> {
  const claim = await table.get<{ userId: string }>(keys.emailClaim(email));
  return claim?.userId;
}

export async function recordLogin(userId: string, at: string): Promise<void> {
  await table.update(keys.user(userId), {
    UpdateExpression: 'SET lastLogin = :at',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':at': at },
  });
}

/** A new password (reset); the profile must exist. */
export async function updatePassword(userId: string, passwordHash: string, updatedAt: string): Promise<void> {
  await table.update(keys.user(userId), {
    UpdateExpression: 'SET passwordHash = :hash, updatedAt = :at',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':hash': passwordHash, ':at': updatedAt },
  });
}

export async function markEmailVerified(userId: string, updatedAt: string): Promise<void> {
  await table.update(keys.user(userId), {
    UpdateExpression: 'SET emailVerified = :yes, updatedAt = :at',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':yes': true, ':at': updatedAt },
  });
}

/** Used by seeding: sets role and password of an existing user. */
export async function updateCredentials(userId: string, changes: { role: Role; passwordHash: string; updatedAt: string }): Promise<void> {
  await table.update(keys.user(userId), {
    UpdateExpression: 'SET #role = :role, passwordHash = :hash, updatedAt = :at',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#role': 'role' },
    ExpressionAttributeValues: { ':role': changes.role, ':hash': changes.passwordHash, ':at': changes.updatedAt },
  });
}

/**
 * Records the acceptance in one UpdateItem. The first acceptance's time is kept, so accepting
 * again changes nothing; undefined when the user no longer exists.
 */
export async function acceptTerms(userId: string, at: string): Promise<{ termsAcceptedAt: string } | undefined> {
  try {
    const item = await table.update<Pick<UserRecord, 'termsAcceptedAt'>>(keys.user(userId), {
      UpdateExpression: 'SET termsAccepted = :accepted, termsAcceptedAt = if_not_exists(termsAcceptedAt, :at)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':accepted': true, ':at': at },
      ReturnValues: 'UPDATED_NEW',
    });
    return { termsAcceptedAt: item?.termsAcceptedAt ?? at };
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/** The user's IANA time zone, as the browser last sent it (undefined before it ever did). */
export async function getUserTimeZone(userId: string): Promise<string | undefined> {
  const item = await table.get<Pick<UserRecord, 'timeZone'>>(keys.user(userId));
  return item?.timeZone;
}

/** Keeps the zone on the profile: one UpdateItem, a no-op when the profile holds it already. */
export async function saveUserTimeZone(userId: string, timeZone: string): Promise<void> {
  try {
    await table.update(keys.user(userId), {
      UpdateExpression: 'SET #zone = :zone',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#zone) OR #zone <> :zone)',
      ExpressionAttributeNames: { '#zone': 'timeZone' },
      ExpressionAttributeValues: { ':zone': timeZone },
    });
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}
