import type { Sealed } from '../crypto/envelope.ts';
import { keys } from './keys.ts';
import { isConditionFailed, table } from './table.ts';

/**
 * Users' own API keys, one item per endpoint, holding only the sealed value. `keyExpiresAt` is
 * an ISO string and deliberately not the table's TTL attribute: an expired key must stay so the
 * user is told it expired (and when), not that they never set one.
 */
export interface StoredUserKey {
  name: string;
  sealed: Sealed;
  expiresAt: string | null;
  updatedAt: string;
}

interface UserKeyItem {
  name: string;
  kid: string;
  iv: string;
  tag: string;
  ciphertext: string;
  keyExpiresAt: string | null;
  updatedAt: string;
}

const fromItem = (item: UserKeyItem): StoredUserKey => ({
  name: item.name,
  sealed: { kid: item.kid, iv: item.iv, tag: item.tag, ciphertext: item.ciphertext },
  expiresAt: item.keyExpiresAt,
  updatedAt: item.updatedAt,
});

export async function putUserKey(userId: string, key: StoredUserKey): Promise<void> {
  await table.put({
    ...keys.userKey(userId, key.name),
    entity: 'userKey',
    name: key.name,
    ...key.sealed,
    keyExpiresAt: key.expiresAt,
    updatedAt: key.updatedAt,
  });
}

export async function getUserKey(userId: string, name: string): Promise<StoredUserKey | undefined> {
  const item = await table.get<UserKeyItem>(keys.userKey(userId, name), true);
  return item ? fromItem(item) : undefined;
}

/** Names and expiry only: listing never reads a sealed value. */
export async function listUserKeys(userId: string): Promise<{ name: string; expiresAt: string | null }[]> {
  const items = await table.queryAll<Pick<UserKeyItem, 'name' | 'keyExpiresAt'>>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.userKeyPrefix },
    ProjectionExpression: '#name, keyExpiresAt',
    ExpressionAttributeNames: { '#name': 'name' },
  });
  return items.map((item) => ({ name: item.name, expiresAt: item.keyExpiresAt }));
}

/** True when there was a key to delete; one conditional DeleteItem. */
export async function deleteUserKey(userId: string, name: string): Promise<boolean> {
  try {
    await table.delete(keys.userKey(userId, name), { ConditionExpression: 'attribute_exists(pk)' });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Deletes every key of the user; returns how many there were. */
export async function deleteAllUserKeys(userId: string): Promise<number> {
  const found = await table.queryAll<{ pk: string; sk: string }>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.userKeyPrefix },
    ProjectionExpression: 'pk, sk',
  });
  await table.batchWrite([], found);
  return found.length;
}
