import { keys } from './keys.ts';
import { isConditionFailed, isExpired, table, ttlFrom, type Keys } from './table.ts';

/** What a link token is for; each kind has its own prefix in the user's partition. */
export type OneTimeTokenKind = 'password-reset' | 'email-verification';

export interface OneTimeTokenRecord {
  userId: string;
  kind: OneTimeTokenKind;
  tokenHash: string;
  createdAt: string;
  /** Epoch seconds; also the table's TTL attribute. */
  expiresAt: number;
}

export async function putOneTimeToken(record: OneTimeTokenRecord): Promise<void> {
  await table.put({ ...keys.oneTimeToken(record.userId, record.kind, record.tokenHash), entity: 'oneTimeToken', ...record });
}

/**
 * Uses a token up: one conditional update marks it used and returns it, so two requests racing
 * with one link cannot both succeed. Undefined when the token is unknown, used or expired; a used
 * item stays until its TTL removes it.
 */
export async function consumeOneTimeToken(userId: string, kind: OneTimeTokenKind, tokenHash: string, now: Date): Promise<OneTimeTokenRecord | undefined> {
  try {
    const record = await table.update<OneTimeTokenRecord>(keys.oneTimeToken(userId, kind, tokenHash), {
      UpdateExpression: 'SET usedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
      ReturnValues: 'ALL_NEW',
    });
    return record && !isExpired(record, now) ? record : undefined;
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/** Removes every outstanding token of a kind, so one reset (or verification) retires the other links. */
export async function deleteOneTimeTokens(userId: string, kind: OneTimeTokenKind): Promise<void> {
  const items = await table.queryAll<Keys>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.oneTimeTokenPrefix(kind) },
    ProjectionExpression: 'pk, sk',
  });
  await table.batchWrite([], items);
}

/** Test and seeding aid: moves a token's expiry, as if it had been issued earlier. */
export async function setOneTimeTokenExpiry(userId: string, kind: OneTimeTokenKind, tokenHash: string, expiresAt: Date): Promise<void> {
  await table.update(keys.oneTimeToken(userId, kind, tokenHash), {
    UpdateExpression: 'SET expiresAt = :exp',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':exp': ttlFrom(expiresAt) },
  });
}
