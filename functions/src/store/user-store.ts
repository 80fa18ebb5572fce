import type { Role, SocialProvider, UserProfile } from '@meld/shared';
import { decodeCursor, encodeCursor, withCursorCheck } from './conversation-store.ts';
import { keys } from './keys.ts';
import { isConditionFailed, table, type Keys } from './table.ts';

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

/** The profile as stored: the record plus its keys and what places it in the admin's users list. */
type StoredUser = UserRecord & Keys & { entity: string; gsi1pk: string; gsi1sk: string; searchText: string };

/** What the users list's search looks in: name, username and e-mail, lower-cased (`contains` is case-sensitive). */
export function userSearchText(user: Pick<UserRecord, 'name' | 'username' | 'email'>): string {
  return [user.name, user.username, user.email].join(' ').toLowerCase();
}

/** The list attributes a profile carries; every write of name, username or e-mail writes them too. */
function listAttributes(user: Pick<UserRecord, 'id' | 'createdAt' | 'name' | 'username' | 'email'>) {
  return { gsi1pk: keys.usersList, gsi1sk: keys.usersListSort(user.createdAt, user.id), searchText: userSearchText(user) };
}

function toRecord(item: StoredUser): UserRecord {
  const { pk: _pk, sk: _sk, entity: _entity, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, searchText: _searchText, ...user } = item;
  return user;
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
    await table.put({ ...keys.user(user.id), entity: 'user', ...user, ...listAttributes(user) }, { ConditionExpression: 'attribute_not_exists(pk)' });
  } catch (error) {
    await table.delete(keys.emailClaim(user.email), { ConditionExpression: 'userId = :id', ExpressionAttributeValues: { ':id': user.id } }).catch(() => undefined);
    throw error;
  }
}

/** `consistent` for a profile another request may have written a moment ago (a sign-in race). */
export async function getUser(userId: string, consistent = false): Promise<UserRecord | undefined> {
  const item = await table.get<StoredUser>(keys.user(userId), consistent);
  return item ? toRecord(item) : undefined;
}

/**
 * The account holding an e-mail, by its claim, read strongly consistent: the claim may be a moment
 * old (signing in right after registering, or a social sign-in racing a registration), and an
 * eventually consistent read may not see it yet.
 */
export async function findUserIdByEmail(email: string): Promise<string | undefined> {
  const claim = await table.get<{ userId: string }>(keys.emailClaim(email), true);
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

/** Points the profile at a new picture; answers the one it replaced, or null when there is no profile (a deleted account). */
export async function setUserAvatar(userId: string, url: string, updatedAt: string): Promise<{ previous: string | null } | null> {
  try {
    const before = await table.update<{ avatar?: string | null }>(keys.user(userId), {
      UpdateExpression: 'SET avatar = :url, updatedAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':url': url, ':at': updatedAt },
      ReturnValues: 'UPDATED_OLD',
    });
    return { previous: before?.avatar ?? null };
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
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

export interface ListUsersOptions {
  search?: string | undefined;
  role?: Role | undefined;
  limit: number;
  /** Matches passed over before the page starts (numbered pages: (page - 1) × limit). */
  skip: number;
  cursor?: string | undefined;
}

/** Items a filtered read evaluates per round trip; DynamoDB applies Limit before the filter. */
const FILTERED_READ = 200;

/**
 * One page of the users list, newest account first: a query of gsi1 that keeps reading until one
 * match more than the page needs (so the last page says so) or the index ends. The cursor is the
 * last returned profile's key, so the next page starts right after it whatever was read beyond.
 */
export async function listUsers(options: ListUsersOptions): Promise<{ users: UserRecord[]; nextCursor: string | null }> {
  const filters: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':pk': keys.usersList };
  if (options.search) {
    filters.push('contains(searchText, :search)');
    values[':search'] = options.search.toLowerCase();
  }
  if (options.role) {
    filters.push('#role = :role');
    names['#role'] = 'role';
    values[':role'] = options.role;
  }
  const wanted = options.skip + options.limit + 1;
  const matched: StoredUser[] = [];
  let start = options.cursor ? decodeCursor(options.cursor) : undefined;
  do {
    const needed = wanted - matched.length;
    const from = start;
    const { items, lastKey } = await withCursorCheck(() =>
      table.query<StoredUser>({
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        Limit: filters.length ? Math.max(needed, FILTERED_READ) : needed,
        ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ...(from ? { ExclusiveStartKey: from } : {}),
      }),
    );
    matched.push(...items);
    start = lastKey;
  } while (start && matched.length < wanted);
  const page = matched.slice(options.skip, options.skip + options.limit);
  const last = page.at(-1);
  const more = matched.length > options.skip + options.limit;
  return { users: page.map(toRecord), nextCursor: more && last ? encodeCursor({ pk: last.pk, sk: last.sk, gsi1pk: last.gsi1pk, gsi1sk: last.gsi1sk }) : null };
}

/** Sets the role in one conditional UpdateItem; undefined when there is no such user. */
export async function setUserRole(userId: string, role: Role, updatedAt: string): Promise<UserRecord | undefined> {
  try {
    const item = await table.update<StoredUser>(keys.user(userId), {
      UpdateExpression: 'SET #role = :role, updatedAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':role': role, ':at': updatedAt },
      ReturnValues: 'ALL_NEW',
    });
    return item ? toRecord(item) : undefined;
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/**
 * Gives profiles written before the users list existed their list attributes. One scan of the
 * table, run by the local seed at start only (a persisted data dir may hold such profiles).
 */
export async function backfillUsersList(): Promise<number> {
  const missing = await table.scanAll<StoredUser>({
    FilterExpression: 'sk = :profile AND attribute_not_exists(gsi1pk)',
    ExpressionAttributeValues: { ':profile': keys.user('').sk },
  });
  for (const user of missing) {
    const { gsi1pk, gsi1sk, searchText } = listAttributes(user);
    await table
      .update(keys.user(user.id), {
        UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk, searchText = :text',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':pk': gsi1pk, ':sk': gsi1sk, ':text': searchText },
      })
      .catch((error: unknown) => {
        if (!isConditionFailed(error)) throw error;
      });
  }
  return missing.length;
}
