import type { Role } from '@meld/shared';
import { keys } from './keys.ts';
import { isConditionFailed, isExpired, table, type Keys } from './table.ts';

/** A refresh-token family: the current token's hash, and the one it replaced (reuse detection). */
export interface SessionRecord {
  userId: string;
  sessionId: string;
  tokenHash: string;
  previousTokenHash: string | null;
  /**
   * Tokens that live beside the current one: each issued for the previous token presented again
   * within the rotation grace (the answer carrying the current one may not have reached the page
   * that asked, or may have). Any of them makes a normal swap, which ends the others (decision
   * 0011, "Rotation grace").
   */
  graceTokenHashes?: string[];
  rotatedAt: string | null;
  createdAt: string;
  /** Epoch seconds; also the table's TTL attribute. */
  expiresAt: number;
  /** The account's role, kept current by a role change: it outranks the access token's (decision 0011). */
  role?: Role;
}

export async function createSession(session: SessionRecord): Promise<void> {
  await table.put({ ...keys.session(session.userId, session.sessionId), entity: 'session', ...session });
}

export async function getSession(userId: string, sessionId: string): Promise<SessionRecord | undefined> {
  const item = await table.get<SessionRecord>(keys.session(userId, sessionId), true);
  return item && !isExpired(item) ? item : undefined;
}

export interface SessionRotation {
  tokenHash: string;
  previousTokenHash: string;
  rotatedAt: string;
  expiresAt: number;
}

/**
 * A normal swap: the new token becomes the current one and the presented one the previous; other
 * live tokens end. Only if nobody rotated the session first; returns false if someone did.
 */
export async function rotateSession(session: SessionRecord, next: SessionRotation): Promise<boolean> {
  try {
    await table.update(keys.session(session.userId, session.sessionId), {
      UpdateExpression: 'SET tokenHash = :new, previousTokenHash = :previous, graceTokenHashes = :none, rotatedAt = :at, expiresAt = :exp',
      ConditionExpression: 'tokenHash = :old',
      ExpressionAttributeValues: {
        ':new': next.tokenHash,
        ':previous': next.previousTokenHash,
        ':none': [],
        ':old': session.tokenHash,
        ':at': next.rotatedAt,
        ':exp': next.expiresAt,
      },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** At most this many tokens live beside the current one (graceTokenHashes). */
export const MAX_GRACE_TOKENS = 4;

/**
 * A grace swap: the new token lives beside the current one (appended, so two at once both stay),
 * while nobody made a normal swap meanwhile and fewer than MAX_GRACE_TOKENS live; false otherwise.
 */
export async function addGraceToken(session: SessionRecord, next: Omit<SessionRotation, 'previousTokenHash'>): Promise<boolean> {
  try {
    await table.update(keys.session(session.userId, session.sessionId), {
      UpdateExpression: 'SET graceTokenHashes = list_append(if_not_exists(graceTokenHashes, :none), :new), rotatedAt = :at, expiresAt = :exp',
      ConditionExpression: 'tokenHash = :current AND (attribute_not_exists(graceTokenHashes) OR size(graceTokenHashes) < :max)',
      ExpressionAttributeValues: { ':none': [], ':new': [next.tokenHash], ':current': session.tokenHash, ':max': MAX_GRACE_TOKENS, ':at': next.rotatedAt, ':exp': next.expiresAt },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * What every signed-in request reads (decision 0011, "Sessions"): whether the access token's
 * session still stands, and the ban its account carries. One eventually consistent GetItem of a
 * small item; undefined once the session ended (sign-out, reset, deletion, a replayed refresh
 * token) or lapsed.
 */
export async function getSessionStanding(userId: string, sessionId: string): Promise<{ bannedUntil?: number; role?: Role } | undefined> {
  const item = await table.get<{ expiresAt?: number; bannedUntil?: number; role?: Role }>(keys.session(userId, sessionId), false, ['expiresAt', 'bannedUntil', 'role']);
  if (!item || isExpired(item)) return undefined;
  return { ...(item.bannedUntil ? { bannedUntil: item.bannedUntil } : {}), ...(item.role ? { role: item.role } : {}) };
}

/**
 * Carries a ban of the account onto each of its sessions, so the next request of any of them is
 * refused; a longer ban already there is kept, and a session ended meanwhile stays ended.
 */
export async function banSessions(userId: string, until: number): Promise<void> {
  for (const session of await sessionKeys(userId)) {
    await table
      .update(session, {
        UpdateExpression: 'SET bannedUntil = :until',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(bannedUntil) OR bannedUntil < :until)',
        ExpressionAttributeValues: { ':until': until },
      })
      .catch((error: unknown) => {
        if (!isConditionFailed(error)) throw error;
      });
  }
}

export async function deleteSession(userId: string, sessionId: string): Promise<void> {
  await table.delete(keys.session(userId, sessionId));
}

/**
 * Ends every session of the user (a password reset, the account's deletion): each refresh cookie
 * and each access token stops working.
 */
export async function deleteAllSessions(userId: string): Promise<void> {
  await table.batchWrite([], await sessionKeys(userId));
}

// Strongly consistent: a sweep must see a session created a moment before it (startSession's
// check relies on that), which an eventually consistent query can miss for about a second.
function sessionKeys(userId: string): Promise<Keys[]> {
  return table.queryAll<Keys>({
    ConsistentRead: true,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.sessionPrefix },
    ProjectionExpression: 'pk, sk',
  });
}

/** What a new session depends on in the profile, read strongly consistent; undefined once the account is gone. */
export async function profileNow(userId: string): Promise<SessionProfile | undefined> {
  return table.get<SessionProfile>(keys.user(userId), true, ['passwordHash', 'bannedUntil', 'role']);
}

export interface SessionProfile {
  passwordHash?: string | null;
  bannedUntil?: number;
  role?: Role;
}

/** A role change reaches each of the user's sessions at once; a session ended meanwhile stays ended. */
export async function setSessionsRole(userId: string, role: Role): Promise<void> {
  for (const session of await sessionKeys(userId)) {
    await table
      .update(session, { UpdateExpression: 'SET #role = :role', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeNames: { '#role': 'role' }, ExpressionAttributeValues: { ':role': role } })
      .catch((error: unknown) => {
        if (!isConditionFailed(error)) throw error;
      });
  }
}
