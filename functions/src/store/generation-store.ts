import { keys } from './keys.ts';
import { isConditionFailed, table, ttlFrom } from './table.ts';

/** A generation left behind by a crashed invocation stops counting as running after this. */
const RUNNING_TTL_MS = 60 * 60 * 1000;

interface RunningItem {
  conversationId: string;
  requestMessageId: string;
  responseMessageId: string;
  abortRequested?: boolean;
  expiresAt: number;
}

export interface Generation {
  conversationId: string;
  requestMessageId: string;
  responseMessageId: string;
}

/** Written when a reply starts, so an abort on any instance can find and flag it. */
export async function markRunning(userId: string, generation: Generation, now: Date): Promise<void> {
  await table.put({
    ...keys.generation(userId, generation.conversationId, generation.responseMessageId),
    entity: 'generation',
    ...generation,
    expiresAt: ttlFrom(new Date(now.getTime() + RUNNING_TTL_MS)),
  });
}

export async function clearRunning(userId: string, generation: Generation): Promise<void> {
  await table.delete(keys.generation(userId, generation.conversationId, generation.responseMessageId));
}

/** One GetItem: has anyone asked this generation to stop? */
export async function isAbortRequested(userId: string, generation: Generation): Promise<boolean> {
  const item = await table.get<RunningItem>(keys.generation(userId, generation.conversationId, generation.responseMessageId), true);
  return item?.abortRequested === true;
}

/**
 * Flags the conversation's running generations (only the one answering or answered by
 * `messageId` when given). The update is conditional on the item still existing, so a reply
 * that has just finished is not resurrected. True when at least one was flagged.
 */
export async function requestAbort(userId: string, conversationId: string, messageId: string | undefined, now: Date): Promise<boolean> {
  const running = await table.query<RunningItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.generationPrefix(conversationId) },
    ConsistentRead: true,
  });
  const targets = running.items.filter(
    (item) => item.expiresAt > ttlFrom(now) && (!messageId || item.requestMessageId === messageId || item.responseMessageId === messageId),
  );
  let aborted = false;
  for (const item of targets) {
    try {
      await table.update(keys.generation(userId, conversationId, item.responseMessageId), {
        UpdateExpression: 'SET abortRequested = :yes',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':yes': true },
      });
      aborted = true;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
  return aborted;
}
