import type { WinTile } from '@meld/shared';
import { keys } from './keys.ts';
import { isConditionFailed, table, type Keys } from './table.ts';

/** A win as stored: the tile plus when it was written. */
export type StoredWin = WinTile & { createdAt: string; updatedAt: string };
type WinItem = StoredWin & Keys & { entity: 'win' };

function fromItem(item: WinItem): StoredWin {
  const { pk: _pk, sk: _sk, entity: _entity, ...win } = item;
  return win;
}

const exists = { ConditionExpression: 'attribute_exists(pk)' };

export async function putWin(userId: string, win: StoredWin, options: { mustExist?: boolean } = {}): Promise<boolean> {
  try {
    await table.put({ ...win, ...keys.win(userId, win.id), entity: 'win' }, options.mustExist ? exists : { ConditionExpression: 'attribute_not_exists(pk)' });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export async function getWin(userId: string, winId: string): Promise<StoredWin | undefined> {
  const item = await table.get<WinItem>(keys.win(userId, winId));
  return item ? fromItem(item) : undefined;
}

/** Every win of the user, in one query per 1 MB page. */
export async function listWins(userId: string): Promise<StoredWin[]> {
  const items = await table.queryAll<WinItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.winPrefix },
  });
  return items.map(fromItem);
}

/** Applies a change in one conditional write; undefined when the user has no such win. */
async function updateExisting(userId: string, winId: string, expression: string, values: Record<string, unknown>): Promise<StoredWin | undefined> {
  try {
    const item = await table.update<WinItem>(keys.win(userId, winId), { UpdateExpression: expression, ExpressionAttributeValues: values, ...exists, ReturnValues: 'ALL_NEW' });
    return item && fromItem(item);
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

export function setWinPinned(userId: string, winId: string, pinned: boolean, at: string): Promise<StoredWin | undefined> {
  return updateExisting(userId, winId, 'SET isPinned = :pinned, updatedAt = :at', { ':pinned': pinned, ':at': at });
}

/** Counts a share atomically, so two shares at once both count. */
export function recordWinShare(userId: string, winId: string, at: string): Promise<StoredWin | undefined> {
  return updateExisting(userId, winId, 'SET isShared = :yes, updatedAt = :at ADD shareCount :one', { ':yes': true, ':at': at, ':one': 1 });
}

/** The deleted win; undefined when the user has no such win. */
export async function deleteWin(userId: string, winId: string): Promise<StoredWin | undefined> {
  try {
    const item = await table.delete<WinItem>(keys.win(userId, winId), { ...exists, ReturnValues: 'ALL_OLD' });
    return item && fromItem(item);
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}
