import type { Message } from '@meld/shared';
import { deleteBlobs, getTextBlob, putTextBlob } from './blobs.ts';
import { decodeCursor, encodeCursor, withCursorCheck } from './conversation-store.ts';
import { keys } from './keys.ts';
import { table, ttlFrom, type Keys } from './table.ts';

/** DynamoDB items stop at 400 KB; bodies above this go to S3 and the item keeps a pointer. */
export const INLINE_BODY_LIMIT_BYTES = 300_000;
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
  const body = JSON.stringify({ text: message.text, content: message.content });
  if (Buffer.byteLength(body) <= INLINE_BODY_LIMIT_BYTES) return item;
  const ref = blobKey(userId, message);
  await putTextBlob(ref, body);
  return { ...item, text: '', content: [], bodyRef: ref };
}

async function fromItem(item: StoredMessage): Promise<Message> {
  const { pk: _pk, sk: _sk, entity: _entity, user: _user, searchText: _search, expiresAt: _expiresAt, bodyRef, ...message } = item;
  if (!bodyRef) return message;
  const body = JSON.parse(await getTextBlob(bodyRef)) as Pick<Message, 'text' | 'content'>;
  return { ...message, text: body.text, ...(body.content ? { content: body.content } : {}) };
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

/** Deletes a conversation's messages and any bodies kept in S3; returns how many went. */
export async function deleteAllMessages(userId: string, conversationId: string): Promise<number> {
  const items = await table.queryAll<StoredMessage>({ ...messagesQuery(userId, conversationId), ProjectionExpression: 'pk, sk, bodyRef' });
  await table.batchWrite([], items);
  const refs = items.flatMap((item) => (item.bodyRef ? [item.bodyRef] : []));
  if (refs.length) await deleteBlobs(refs);
  return items.length;
}
