import { ERROR_CODES, type Conversation } from '@meld/shared';
import { DomainError } from '../domain/errors.ts';
import { assertItemFits } from './item-size.ts';
import { keys } from './keys.ts';
import { isConditionFailed, isExpired, table, ttlFrom, type Keys } from './table.ts';

export type SortField = 'updatedAt' | 'createdAt' | 'title';
const INDEX_BY_SORT: Record<SortField, 'gsi1' | 'gsi2' | 'gsi3'> = { updatedAt: 'gsi1', createdAt: 'gsi2', title: 'gsi3' };

type StoredConversation = Conversation & Keys & Record<string, unknown>;

/**
 * The index attributes that place a conversation in its user's lists. A temporary chat gets none
 * (and no searchable title), so no list or search finds it, and its expiry as the table's TTL.
 */
function withIndexKeys(userId: string, conversation: Conversation): StoredConversation {
  const item = itemOf(userId, conversation);
  // Four instruction fields of up to 100,000 characters each, and tags added one at a time, can outgrow an item.
  assertItemFits(item, 'This conversation', 'Shorten its instructions, system prompt or greeting, or remove some of its tags.');
  return item;
}

function itemOf(userId: string, conversation: Conversation): StoredConversation {
  const list = keys.conversationList(userId, conversation.isArchived);
  const id = conversation.conversationId;
  if (conversation.expiredAt) {
    return { ...conversation, ...keys.conversation(userId, id), entity: 'conversation', user: userId, expiresAt: ttlFrom(new Date(conversation.expiredAt)) };
  }
  return {
    ...conversation,
    ...keys.conversation(userId, id),
    entity: 'conversation',
    user: userId,
    titleLower: conversation.title.toLowerCase(),
    gsi1pk: list,
    gsi1sk: `${conversation.updatedAt}#${id}`,
    gsi2pk: list,
    gsi2sk: `${conversation.createdAt}#${id}`,
    gsi3pk: list,
    gsi3sk: `${conversation.title.toLowerCase().slice(0, 200)}#${id}`,
  };
}

const INTERNAL = ['pk', 'sk', 'entity', 'expiresAt', 'titleLower', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk'];

export function fromItem(item: Record<string, unknown>): Conversation {
  const copy = { ...item };
  for (const key of INTERNAL) delete copy[key];
  return { tags: [], isArchived: false, ...copy } as unknown as Conversation;
}

/** Writes a conversation whole; its list positions follow from its fields. */
export async function putConversation(userId: string, conversation: Conversation): Promise<void> {
  await table.put(withIndexKeys(userId, conversation));
}

/** Writes many conversations whole (imports, bulk changes). */
export async function putConversations(userId: string, conversations: Conversation[]): Promise<void> {
  await table.batchWrite(conversations.map((conversation) => withIndexKeys(userId, conversation)));
}

export async function getConversation(userId: string, conversationId: string, consistent = false): Promise<Conversation | undefined> {
  const item = await table.get<Record<string, unknown> & { expiresAt?: number }>(keys.conversation(userId, conversationId), consistent);
  // TTL deletes late: an expired temporary chat is already gone.
  return item && !isExpired(item) ? fromItem(item) : undefined;
}

export async function getConversations(userId: string, conversationIds: string[]): Promise<Conversation[]> {
  const items = await table.batchGet<Record<string, unknown> & { expiresAt?: number }>(conversationIds.map((id) => keys.conversation(userId, id)));
  return items.filter((item) => !isExpired(item)).map(fromItem);
}

/**
 * Applies changes to a stored conversation. Read, change, write back on the condition that
 * nobody wrote in between (updatedAt unchanged); returns undefined if it does not exist.
 */
export async function updateConversation(
  userId: string,
  conversationId: string,
  change: (current: Conversation) => Conversation,
): Promise<Conversation | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    // Read strongly: the whole item is written back, so a stale read would undo a change (a copy's mark cleared by the worker).
    const current = await getConversation(userId, conversationId, true);
    if (!current) return undefined;
    const next = change(current);
    try {
      await table.put(withIndexKeys(userId, next), {
        // The background worker clears `copying` without touching updatedAt: a write that read it set must find it still set.
        ConditionExpression: `updatedAt = :seen AND ${current.copying ? 'copying = :copying' : 'attribute_not_exists(copying)'}`,
        ExpressionAttributeValues: { ':seen': current.updatedAt, ...(current.copying ? { ':copying': true } : {}) },
      });
      return next;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
  throw new Error(`Conversation ${conversationId} kept changing while being updated`);
}

export interface ListOptions {
  archived: boolean;
  sortBy: SortField;
  direction: 'asc' | 'desc';
  limit: number;
  cursor?: string | undefined;
  /** Conversations that carry every one of these tags. */
  tags?: string[] | undefined;
}

/** One page of a user's conversations: one query on the index for the sort order. */
export async function listConversations(userId: string, options: ListOptions): Promise<{ conversations: Conversation[]; nextCursor: string | null }> {
  const index = INDEX_BY_SORT[options.sortBy];
  const tags = options.tags ?? [];
  const names: Record<string, string> = { '#pk': `${index}pk` };
  const values: Record<string, unknown> = { ':pk': keys.conversationList(userId, options.archived) };
  tags.forEach((tag, i) => (values[`:tag${i}`] = tag));
  const { items, lastKey } = await withCursorCheck(() => table.query<Record<string, unknown>>({
    IndexName: index,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ScanIndexForward: options.direction === 'asc',
    Limit: options.limit,
    ...(tags.length ? { FilterExpression: tags.map((_, i) => `contains(tags, :tag${i})`).join(' AND ') } : {}),
    ...(options.cursor ? { ExclusiveStartKey: decodeCursor(options.cursor) } : {}),
  }));
  return { conversations: items.map(fromItem), nextCursor: lastKey ? encodeCursor(lastKey) : null };
}

/** Every conversation id of a user, archived or not (for delete-all and rebuilds). */
export async function listAllConversations(userId: string): Promise<Conversation[]> {
  const items = await table.queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.conversationPrefix },
  });
  return items.map(fromItem);
}

/** True only for the call that removed it, so a cascade's one-time steps run once under concurrent deletes. */
export async function deleteConversationItem(userId: string, conversationId: string): Promise<boolean> {
  try {
    await table.delete(keys.conversation(userId, conversationId), { ConditionExpression: 'attribute_exists(pk)' });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Cursors are opaque to clients: the last key, base64url-encoded JSON. */
export function encodeCursor(key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(cursor: string): Record<string, unknown> {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (key && typeof key === 'object' && !Array.isArray(key)) return key as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new InvalidCursorError();
}

export class InvalidCursorError extends DomainError {
  constructor() {
    super('invalid', ERROR_CODES.validation, 'The cursor is not valid; start again from the first page.', 'cursor');
  }
}

/** A forged or stale cursor makes DynamoDB refuse the start key: that is the caller's 400, not a 500. */
export async function withCursorCheck<T>(query: () => Promise<T>): Promise<T> {
  try {
    return await query();
  } catch (error) {
    if (error instanceof Error && error.name === 'ValidationException') throw new InvalidCursorError();
    throw error;
  }
}

/** One page (at most 1 MB) of the user's conversation items, oldest id first; a delete-all walks these. */
export async function conversationItemsPage(userId: string): Promise<Conversation[]> {
  const { items } = await table.query<Record<string, unknown>>({
    ConsistentRead: true,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.conversationPrefix },
  });
  return items.map(fromItem);
}

/** Removes conversation items, 25 per batch (their content is the worker's). */
export async function deleteConversationItems(userId: string, conversationIds: string[]): Promise<void> {
  await table.batchWrite([], conversationIds.map((id) => keys.conversation(userId, id)));
}

/** A copy's messages are all there: its `copying` mark goes. False when the copy was deleted meanwhile. */
export async function markCopied(userId: string, conversationId: string): Promise<boolean> {
  try {
    await table.update(keys.conversation(userId, conversationId), { UpdateExpression: 'REMOVE copying', ConditionExpression: 'attribute_exists(pk)' });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
