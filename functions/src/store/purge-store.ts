import { deleteBlobs } from './blobs.ts';
import { keys } from './keys.ts';
import { table, type Keys } from './table.ts';

/**
 * Deletes done a page at a time, for the background worker (decision 0034): each call reads one
 * query page (at most 1 MB) of keys and deletes those items, so a step of any size can stop
 * between pages and go on later from what is left. 0 means nothing was left.
 */
async function deletePage(pk: string, skPrefix?: string): Promise<number> {
  const { items: doomed } = await table.query<Keys & { bodyRef?: string }>({
    ConsistentRead: true,
    KeyConditionExpression: skPrefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk, ...(skPrefix ? { ':prefix': skPrefix } : {}) },
    ProjectionExpression: 'pk, sk, bodyRef',
  });
  // The S3 bodies go first: an item deleted before its body would leave the body unfound.
  const bodies = doomed.flatMap((item) => (item.bodyRef ? [item.bodyRef] : []));
  if (bodies.length) await deleteBlobs(bodies);
  await table.batchWrite([], doomed.map(({ pk: itemPk, sk }) => ({ pk: itemPk, sk })));
  return doomed.length;
}

/** One page of a conversation's messages (and their bodies in S3). */
export function deleteMessagePage(userId: string, conversationId: string): Promise<number> {
  return deletePage(keys.userPartition(userId), keys.messagePrefix(conversationId));
}

/** One page of a conversation's code runs. */
export function deleteToolCallPage(userId: string, conversationId: string): Promise<number> {
  return deletePage(keys.userPartition(userId), keys.toolCallPrefix(conversationId));
}

/** One page of a conversation's reply checkpoints (decision 0039), which would otherwise wait for their TTL. */
export function deleteReplyChunkPage(userId: string, conversationId: string): Promise<number> {
  return deletePage(keys.userPartition(userId), keys.replyChunkPrefix(conversationId));
}

/** One page of a deleted account's partition (its profile went first, in the request). */
export function deletePartitionPage(userId: string): Promise<number> {
  return deletePage(keys.userPartition(userId));
}
