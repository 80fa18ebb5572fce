import { keys } from './keys.ts';
import { isConditionFailed, isExpired, table, type Keys } from './table.ts';

/** A refresh-token family: the current token's hash, and the one it replaced (reuse detection). */
export interface SessionRecord {
  userId: string;
  sessionId: string;
  tokenHash: string;
  previousTokenHash: string | null;
  rotatedAt: string | null;
  createdAt: string;
  /** Epoch seconds; also the table's TTL attribute. */
  expiresAt: number;
}

export async function createSession(session: SessionRecord): Promise<void> {
  await table.put({ ...keys.session(session.userId, session.sessionId), entity: 'session', ...session });
}

export async function getSession(userId: string, sessionId: string): Promise<SessionRecord | undefined> {
  const item = await table.get<SessionRecord>(keys.session(userId, sessionId), true);
  return item && !isExpired(item) ? item : undefined;
}

/** Swaps the token hash only if nobody rotated it first; returns false if someone did. */
export async function rotateSession(
  session: SessionRecord,
  next: { tokenHash: string; rotatedAt: string; expiresAt: number },
): Promise<boolean> {
  try {
    await table.update(keys.session(session.userId, session.sessionId), {
      UpdateExpression: 'SET tokenHash = :new, previousTokenHash = :old, rotatedAt = :at, expiresAt = :exp',
      ConditionExpression: 'tokenHash = :old',
      ExpressionAttributeValues: { ':new': next.tokenHash, ':old': session.tokenHash, ':at': next.rotatedAt, ':exp': next.expiresAt },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export async function deleteSession(userId: string, sessionId: string): Promise<void> {
  await table.delete(keys.session(userId, sessionId));
}

/** Ends every session of the user (a password reset): each refresh cookie stops working. */
export async function deleteAllSessions(userId: string): Promise<void> {
  const items = await table.queryAll<Keys>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.sessionPrefix },
    ProjectionExpression: 'pk, sk',
  });
  await table.batchWrite([], items);
}
