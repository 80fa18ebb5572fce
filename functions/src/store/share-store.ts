import type { Message, SharedLink } from '@meld/shared';
import { deleteBlobs, getTextBlob, putTextBlob } from './blobs.ts';
import { decodeCursor, encodeCursor, withCursorCheck } from './conversation-store.ts';
import { keys } from './keys.ts';
import { INLINE_BODY_LIMIT_BYTES } from './message-store.ts';
import { isConditionFailed, table, type Keys } from './table.ts';

/**
 * A shared link is two items (see docs/data-model.md): the owner's record in the user's
 * partition, keyed by conversation (one link per conversation, listed through gsi2/gsi3), and the
 * public snapshot under SHARE#<shareId>, which an anonymous reader fetches with one GetItem.
 * The record carries the snapshot's S3 key when there is one, so deletes never read snapshots.
 */
type ShareRecord = SharedLink & Keys & Record<string, unknown> & { entity: 'shareLink'; user: string; titleLower: string; snapshotRef?: string };
type ShareItem = SharedLink & Keys & Record<string, unknown> & { entity: 'share'; user: string; messages?: Message[]; snapshotRef?: string };

export interface Snapshot {
  link: SharedLink;
  owner: string;
  messages: Message[];
}

const LINK_FIELDS = ['shareId', 'conversationId', 'title', 'isPublic', 'targetMessageId', 'createdAt', 'updatedAt'] as const;

function toLink(item: SharedLink): SharedLink {
  return Object.fromEntries(LINK_FIELDS.map((field) => [field, item[field]])) as SharedLink;
}

function snapshotKey(shareId: string): string {
  return `shares/${shareId}.json`;
}

function recordItem(userId: string, link: SharedLink, snapshotRef: string | undefined): ShareRecord {
  const list = keys.shareList(userId);
  const titleLower = link.title.toLowerCase();
  return {
    ...toLink(link),
    ...keys.shareRecord(userId, link.conversationId),
    entity: 'shareLink',
    user: userId,
    titleLower,
    ...(snapshotRef ? { snapshotRef } : {}),
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
    await table.put(recordItem(userId, link, undefined), { ConditionExpression: 'attribute_not_exists(pk)' });
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
 * Writes the snapshot (inline, or in S3 when large) and then the record describing it. Writing
 * again with the same shareId replaces the content (refresh).
 */
export async function putSnapshot(userId: string, link: SharedLink, messages: Message[]): Promise<void> {
  const json = JSON.stringify(messages);
  const large = Buffer.byteLength(json) > INLINE_BODY_LIMIT_BYTES;
  const snapshotRef = large ? snapshotKey(link.shareId) : undefined;
  if (snapshotRef) await putTextBlob(snapshotRef, json);
  const item: ShareItem = { ...toLink(link), ...keys.share(link.shareId), entity: 'share', user: userId, ...(snapshotRef ? { snapshotRef } : { messages }) };
  await table.put(item);
  await table.put(recordItem(userId, link, snapshotRef));
}

/** A link's owner and metadata without its messages (owner checks before refresh or delete). */
export async function getShareMeta(shareId: string): Promise<{ link: SharedLink; owner: string } | undefined> {
  const item = await table.get<ShareItem>(keys.share(shareId));
  return item ? { link: toLink(item), owner: item.user } : undefined;
}

/** The public snapshot: one GetItem, plus the S3 read when it was too large to keep inline. */
export async function getSnapshot(shareId: string): Promise<Snapshot | undefined> {
  const item = await table.get<ShareItem>(keys.share(shareId));
  if (!item) return undefined;
  const messages = item.snapshotRef ? (JSON.parse(await getTextBlob(item.snapshotRef)) as Message[]) : (item.messages ?? []);
  return { link: toLink(item), owner: item.user, messages };
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
  const refs = records.flatMap((record) => (record.snapshotRef ? [record.snapshotRef] : []));
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
