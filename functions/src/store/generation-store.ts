import { functionTimeoutSeconds, routeList } from '@meld/shared';
import type { RunningItem } from '../domain/chat/live-replies.ts';
import type { RunningGeneration } from '../domain/chat/reply-progress.ts';
import { keys } from './keys.ts';
import { isConditionFailed, table, ttlFrom } from './table.ts';

/**
 * A generation left behind by a crashed or timed-out invocation stops counting as running after
 * this: the longest a streaming function may run, and a minute more. Its checkpoints expire with it.
 */
export const RUNNING_TTL_MS = (Math.max(...routeList.filter((route) => route.streaming).map(functionTimeoutSeconds)) + 60) * 1000;

export interface Generation {
  conversationId: string;
  requestMessageId: string;
  responseMessageId: string;
}

export type { RunningGeneration };

interface StoredGeneration extends RunningItem {
  expiresAt: number;
}

/** When a generation started at `startedAt`, and its checkpoints, stop counting. */
export function runningExpiry(startedAt: string): number {
  return ttlFrom(new Date(new Date(startedAt).getTime() + RUNNING_TTL_MS));
}

/**
 * Written when a reply starts, so an abort on any instance can find and flag it, and a reader in
 * another tab can find the reply and its checkpoints (decision 0039).
 */
export async function markRunning(userId: string, generation: RunningGeneration): Promise<void> {
  await table.put({
    ...keys.generation(userId, generation.conversationId, generation.responseMessageId),
    entity: 'generation',
    ...generation,
    expiresAt: runningExpiry(generation.startedAt),
  });
}

export async function clearRunning(userId: string, generation: Generation): Promise<void> {
  await table.delete(keys.generation(userId, generation.conversationId, generation.responseMessageId));
}

/** One GetItem: has anyone asked this generation to stop? */
export async function isAbortRequested(userId: string, generation: Generation): Promise<boolean> {
  const item = await table.get<StoredGeneration>(keys.generation(userId, generation.conversationId, generation.responseMessageId), true);
  return item?.abortRequested === true;
}

/**
 * Flags the conversation's running generations (only the one answering or answered by
 * `messageId` when given). The update is conditional on the item still existing, so a reply
 * that has just finished is not resurrected. True when at least one was flagged.
 */
export async function requestAbort(userId: string, conversationId: string, messageId: string | undefined, now: Date): Promise<boolean> {
  const running = await table.query<StoredGeneration>({
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

/**
 * The user's generations still running (one conversation's, or all), read strongly consistent so a
 * reply that has just started or ended shows as such. An expired one (its invocation died) is left out.
 */
export async function listRunning(userId: string, conversationId: string | undefined, now: Date): Promise<RunningItem[]> {
  const items = await table.queryAll<StoredGeneration>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': conversationId ? keys.generationPrefix(conversationId) : keys.generationsPrefix },
    ConsistentRead: true,
  });
  // An item written before runs were recorded names no run: it has no checkpoints to read.
  return items.filter((item) => item.expiresAt > ttlFrom(now) && item.runId !== undefined);
}
