import type { Message, SharedLink } from '@meld/shared';
import { deleteBlobs, getTextBlob, putTextBlob } from './blobs.ts';
import { decodeCursor, encodeCursor, withCursorCheck } from './conversation-store.ts';
import { keys } from './keys.ts';
import { itemSize } from './item-size.ts';
import { INLINE_ITEM_LIMIT_BYTES } from './message-store.ts';
import { isConditionFailed, table, type Keys } from './table.ts';

/**
 * A shared link is two items (see docs/data-model.md): the owner's record in the user's
 * partition, keyed by conversation (one link per conversation, listed through gsi2/gsi3), and the
 * public snapshot under SHARE#<shareId>, which an anonymous reader fetches with one GetItem.
 * The record carries the snapshot's S3 key when there is one, so deletes never read snapshots.
 */
type ShareRecord = SharedLink & Keys & Record<string, unknown> & { entity: 'shareLink'; user: string; titleLower: string; snapshotRef?: string; snapshotPages?: number };
type ShareItem = SharedLink & Keys & Record<string, unknown> & { entity: 'share'; user: string; messages?: Message[]; snapshotRef?: string; snapshotPages?: number };

/** One stored page of a snapshot (decision 0037). */
export interface SnapshotPage {
  link: SharedLink;
  owner: string;
  messages: Message[];
  /**
   * How many pages the snapshot was stored as; undefined when it was stored whole (inline, or one
   * S3 object written before pages), and `messages` is then all of it, for the reader to page.
   */
  pages?: number;
}

const LINK_FIELDS = ['shareId', 'conversationId', 'title', 'isPublic', 'targetMessageId', 'createdAt', 'updatedAt'] as const;

function toLink(item: SharedLink): SharedLink {
  return Object.fromEntries(LINK_FIELDS.map((field) => [field, item[field]])) as SharedLink;
}

/** Page 0 keeps the key a whole snapshot had, so a snapshot stored either way is deleted the same way. */
function pageKey(shareId: string, index: number): string {
  return index === 0 ? `shares/${shareId}.json` : `shares/${shareId}.p${index}.json`;
}

/** The S3 keys of a snapshot stored as `pages` pages (a whole one in S3 counts as one). */
function pageKeys(shareId: string, from: number, to: number): string[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => pageKey(shareId, from + i));
}

/** Pages a stored snapshot occupies in S3: 0 when inline. */
function storedPages(item: { snapshotRef?: string; snapshotPages?: number }): number {
  return item.snapshotPages ?? (item.snapshotRef ? 1 : 0);
}

function recordItem(userId: string, link: SharedLink, stored: { snapshotRef?: string; snapshotPages?: number }): ShareRecord {
  const list = keys.shareList(userId);
  const titleLower = link.title.toLowerCase();
  return {
    ...toLink(link),
    ...keys.shareRecord(userId, link.conversationId),
    entity: 'shareLink',
    user: userId,
    titleLower,
    ...stored,
    gsi2pk: list,
    gsi2sk: `${link.createdAt}#${link.shareId}`,
    gsi3pk: list,
    gsi3sk: `${titleLower.slice(0, 200)}#${link.shareId}`,
  };
}

/**
 * Claims the conversation's one link for `link`. Returns undefined when claimed, or the link that
 * already holds the claim.
 */
export async function claimShareRecord(userId: string, link: SharedLink): Promise<SharedLink | undefined> {
  try {
    await table.put(recordItem(userId, link, {}), { ConditionExpression: 'attribute_not_exists(pk)' });
    return undefined;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  const existing = await getShareRecord(userId, link.conversationId, true);
  return existing ?? (await claimShareRecord(userId, link));
}

/** The owner's link for a conversation, if it has one. */
export async function getShareRecord(userId: string, conversationId: string, consistent = false): Promise<SharedLink | undefined> {
  const item = await table.get<ShareRecord>(keys.shareRecord(userId, conversationId), consistent);
  return item ? toLink(item) : undefined;
}

/**
 * Writes the snapshot, its pages each within a page's budget (inline when one small page, else one
 * S3 object a page), and then the record describing it. Writing again with the same shareId
 * replaces the content (refresh); `previousPages` (from getShareMeta) are the S3 pages it leaves behind.
 */
export async function putSnapshot(userId: string, link: SharedLink, pages: Message[][], previousPages = 0): Promise<void> {
  const inline = pages.length === 1 && itemSize({ messages: pages[0] }) <= INLINE_ITEM_LIMIT_BYTES;
  const stored = inline ? {} : { snapshotRef: pageKey(link.shareId, 0), snapshotPages: pages.length };
  if (!inline) await Promise.all(pages.map((page, index) => putTextBlob(pageKey(link.shareId, index), JSON.stringify(page))));
  const item: ShareItem = { ...toLink(link), ...keys.share(link.shareId), entity: 'share', user: userId, ...stored, ...(inline ? { messages: pages[0] } : {}) };
  await table.put(item);
  await table.put(recordItem(userId, link, stored));
  const stale = pageKeys(link.shareId, storedPages(stored), previousPages);
  if (stale.length) await deleteBlobs(stale);
}

/** A link's owner, metadata and stored S3 pages, without its messages (owner checks before refresh or delete). */
export async function getShareMeta(shareId: string): Promise<{ link: SharedLink; owner: string; pages: number } | undefined> {
  const item = await table.get<ShareItem>(keys.share(shareId), false, ['shareId', 'conversationId', 'title', 'isPublic', 'targetMessageId', 'createdAt', 'updatedAt', 'user', 'snapshotRef', 'snapshotPages']);
  return item ? { link: toLink(item), owner: item.user, pages: storedPages(item) } : undefined;
}

/** Page `index` of the public snapshot: one GetItem, plus one S3 read when it is not inline. */
export async function getSnapshotPage(shareId: string, index: number): Promise<SnapshotPage | undefined> {
  const item = await table.get<ShareItem>(keys.share(shareId));
  if (!item) return undefined;
  const found = { link: toLink(item), owner: item.user };
  if (item.snapshotPages) {
    const messages = index < item.snapshotPages ? (JSON.parse(await getTextBlob(pageKey(shareId, index))) as Message[]) : [];
    return { ...found, messages, pages: item.snapshotPages };
  }
  return { ...found, messages: item.snapshotRef ? (JSON.parse(await getTextBlob(item.snapshotRef)) as Message[]) : (item.messages ?? []) };
}

export interface ListSharesOptions {
  pageSize: number;
  cursor?: string | undefined;
  isPublic?: boolean | undefined;
  sortBy: 'createdAt' | 'title';
  direction: 'asc' | 'desc';
  search?: string | undefined;
}

/** One page of a user's links: one query on the index for the sort order. */
export async function listShares(userId: string, options: ListSharesOptions): Promise<{ links: SharedLink[]; nextCursor: string | null }> {
  const index = options.sortBy === 'title' ? 'gsi3' : 'gsi2';
  const filters: string[] = [];
  const values: Record<string, unknown> = { ':pk': keys.shareList(userId) };
  if (options.isPublic !== undefined) {
    filters.push('isPublic = :isPublic');
    values[':isPublic'] = options.isPublic;
  }
  if (options.search) {
    filters.push('contains(titleLower, :search)');
    values[':search'] = options.search.toLowerCase();
  }
  // One item more than asked tells whether another page exists without a second, empty round trip.
  const { items, lastKey } = await withCursorCheck(() => table.query<ShareRecord>({
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk`,
    ExpressionAttributeValues: values,
    ScanIndexForward: options.direction === 'asc',
    Limit: options.pageSize + 1,
    ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
    ...(options.cursor ? { ExclusiveStartKey: decodeCursor(options.cursor) } : {}),
  }));
  if (items.length > options.pageSize) {
    const page = items.slice(0, options.pageSize);
    const last = page[page.length - 1] as ShareRecord;
    const cursor = { pk: last.pk, sk: last.sk, [`${index}pk`]: last[`${index}pk`], [`${index}sk`]: last[`${index}sk`] };
    return { links: page.map(toLink), nextCursor: encodeCursor(cursor) };
  }
  return { links: items.map(toLink), nextCursor: lastKey ? encodeCursor(lastKey) : null };
}

/** Removes links given their records; public snapshots come first in the batches, records after. */
async function deleteRecords(records: ShareRecord[]): Promise<number> {
  if (records.length === 0) return 0;
  await table.batchWrite([], [...records.map((record) => keys.share(record.shareId)), ...records]);
  const refs = records.flatMap((record) => pageKeys(record.shareId, 0, storedPages(record)));
  if (refs.length) await deleteBlobs(refs);
  return records.length;
}

export async function deleteSharesForConversation(userId: string, conversationId: string): Promise<number> {
  const record = await table.get<ShareRecord>(keys.shareRecord(userId, conversationId));
  return deleteRecords(record ? [record] : []);
}

export async function deleteAllSharesOfUser(userId: string): Promise<number> {
  const records = await table.queryAll<ShareRecord>({
    ConsistentRead: true,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.shareRecordPrefix },
  });
  return deleteRecords(records);
}
