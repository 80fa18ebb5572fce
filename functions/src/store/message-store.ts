import type { Message } from '@meld/shared';
import { getTextBlob, putTextBlob } from './blobs.ts';
import { decodeCursor, encodeCursor, InvalidCursorError, withCursorCheck } from './conversation-store.ts';
import { assertItemFits, itemSize } from './item-size.ts';
import { keys } from './keys.ts';
import { table, ttlFrom, type Keys } from './table.ts';

/**
 * DynamoDB refuses items over 400 KB (item-size.ts). A message item larger than this, measured whole
 * as DynamoDB measures it, keeps its large fields in S3 instead; the margin leaves room for the
 * attributes the store adds and for the estimate's rounding.
 */
export const INLINE_ITEM_LIMIT_BYTES = 300_000;
/** Over the limit, each message field larger than this goes to S3: text, content, attachments, files, plugin... */
const OFFLOAD_FIELD_MIN_BYTES = 1_024;
/** What identifies the message stays on the item whatever its size: search hits and deletes read these. */
const ALWAYS_INLINE = new Set(['messageId', 'conversationId', 'parentMessageId', 'createdAt', 'updatedAt']);
/** Search matches the first part of each message, lower-cased (DynamoDB's contains is case-sensitive). */
const SEARCH_TEXT_CHARS = 4_000;

type StoredMessage = Message & Keys & Record<string, unknown> & { entity: 'message'; user: string; searchText?: string; expiresAt?: number; bodyRef?: string };

function blobKey(userId: string, message: Pick<Message, 'conversationId' | 'messageId'>): string {
  return `${keys.userBlobPrefix(userId)}${message.conversationId}/${message.messageId}.json`;
}

async function toItem(userId: string, message: Message): Promise<StoredMessage> {
  const item: StoredMessage = {
    ...message,
    ...keys.message(userId, message.conversationId, message.messageId),
    entity: 'message',
    user: userId,
    // A temporary chat's messages are not searchable and expire with it (the table's TTL).
    ...(message.expiredAt ? { expiresAt: ttlFrom(new Date(message.expiredAt)) } : { searchText: message.text.slice(0, SEARCH_TEXT_CHARS).toLowerCase() }),
  };
  if (itemSize(item) <= INLINE_ITEM_LIMIT_BYTES) return item;
  const moved = Object.keys(message).filter((name) => !ALWAYS_INLINE.has(name) && itemSize({ [name]: message[name as keyof Message] }) > OFFLOAD_FIELD_MIN_BYTES);
  const ref = blobKey(userId, message);
  // A moved text stays as '' so the item still reads as a message; the body in S3 has the real one.
  const slim = { ...Object.fromEntries(Object.entries(item).filter(([name]) => !moved.includes(name))), ...(moved.includes('text') ? { text: '' } : {}), bodyRef: ref } as StoredMessage;
  assertItemFits(slim, 'This message', 'Its text, content and files are kept apart already; what is left is too much.');
  await putTextBlob(ref, JSON.stringify(Object.fromEntries(moved.map((name) => [name, message[name as keyof Message]]))));
  return slim;
}

/** An item whose large fields are in S3 (bodyRef) gets them back from there; older bodies hold text and content only. */
async function fromItem(item: StoredMessage): Promise<Message> {
  const { pk: _pk, sk: _sk, entity: _entity, user: _user, searchText: _search, expiresAt: _expiresAt, bodyRef, ...message } = item;
  if (!bodyRef) return message;
  const body = JSON.parse(await getTextBlob(bodyRef)) as Partial<Message>;
  return { ...message, ...body };
}

export async function putMessage(userId: string, message: Message): Promise<void> {
  await table.put(await toItem(userId, message));
}

export async function putMessages(userId: string, messages: Message[]): Promise<void> {
  await table.batchWrite(await Promise.all(messages.map((message) => toItem(userId, message))));
}

export async function getMessage(userId: string, conversationId: string, messageId: string): Promise<Message | undefined> {
  const item = await table.get<StoredMessage>(keys.message(userId, conversationId, messageId));
  return item ? fromItem(item) : undefined;
}

function messagesQuery(userId: string, conversationId: string) {
  return {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.messagePrefix(conversationId) },
  };
}

/** One page of a conversation's messages (up to 1 MB per query). */
export async function getMessagePage(userId: string, conversationId: string, cursor?: string): Promise<{ messages: Message[]; nextCursor: string | null }> {
  const { items, lastKey } = await withCursorCheck(() =>
    table.query<StoredMessage>({ ...messagesQuery(userId, conversationId), ...(cursor ? { ExclusiveStartKey: decodeCursor(cursor) } : {}) }),
  );
  return { messages: await Promise.all(items.map(fromItem)), nextCursor: lastKey ? encodeCursor(lastKey) : null };
}

/** A whole conversation's messages, oldest first; one query per 1 MB page. */
export async function getAllMessages(userId: string, conversationId: string): Promise<Message[]> {
  const items = await table.queryAll<StoredMessage>(messagesQuery(userId, conversationId));
  const messages = await Promise.all(items.map(fromItem));
  return messages.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

const SORT_KEY_MAX_BYTES = 1_024;

/**
 * Pages (decision 0037): messages in key order from just after `after`, each handed to `take` with
 * its body inlined, until `take` refuses one. Bodies in S3 are read one at a time, so a page never
 * holds more of them than its budget takes. `more` says whether messages were left unread.
 */
export async function readMessagesFrom(userId: string, conversationId: string, after: string | undefined, take: (message: Message) => boolean): Promise<{ more: boolean }> {
  let start: Record<string, unknown> | undefined = after ? keys.message(userId, conversationId, after) : undefined;
  // A forged cursor's id could make a sort key past DynamoDB's 1,024 bytes: a 400, not the 500 DynamoDB's refusal would be.
  if (start && Buffer.byteLength(String(start.sk)) > SORT_KEY_MAX_BYTES) throw new InvalidCursorError();
  do {
    const { items, lastKey } = await table.query<StoredMessage>({ ...messagesQuery(userId, conversationId), ...(start ? { ExclusiveStartKey: start } : {}) });
    for (const item of items) if (!take(await fromItem(item))) return { more: true };
    start = lastKey;
  } while (start);
  return { more: false };
}

/** Every message's id, parent and time: a conversation's tree in a few bytes a message. */
export async function readMessageNodes(userId: string, conversationId: string): Promise<Pick<Message, 'messageId' | 'parentMessageId' | 'createdAt'>[]> {
  return table.queryAll({
    ...messagesQuery(userId, conversationId),
    ProjectionExpression: '#id, #parent, #at',
    ExpressionAttributeNames: { '#id': 'messageId', '#parent': 'parentMessageId', '#at': 'createdAt' },
  });
}

/** These messages, in the order given (missing ones skipped), handed to `take` until it refuses one. */
export async function readMessagesByIds(userId: string, conversationId: string, messageIds: string[], take: (message: Message) => boolean): Promise<void> {
  const items = await table.batchGet<StoredMessage>(messageIds.map((messageId) => keys.message(userId, conversationId, messageId)));
  const byId = new Map(items.map((item) => [item.messageId, item]));
  for (const messageId of messageIds) {
    const item = byId.get(messageId);
    if (item && !take(await fromItem(item))) return;
  }
}
