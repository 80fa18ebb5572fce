import type { ProgressEvent, RunningGeneration } from '../domain/chat/reply-progress.ts';
import { runningExpiry } from './generation-store.ts';
import { keys } from './keys.ts';
import { table } from './table.ts';

type ChunkRun = Pick<RunningGeneration, 'conversationId' | 'responseMessageId' | 'runId' | 'startedAt'>;

interface ChunkItem {
  seq: number;
  at: string;
  events: ProgressEvent[];
}

/**
 * Appends one checkpoint of a reply in progress (decision 0039). A plain put: a retry of a write
 * that landed but reported failure writes the same seq again with the events since, never a gap.
 * It expires with its generation; purging the conversation or the account deletes it sooner.
 */
export async function appendReplyChunk(userId: string, run: ChunkRun, seq: number, events: ProgressEvent[], at: Date): Promise<void> {
  await table.put({
    ...keys.replyChunk(userId, run.conversationId, run.responseMessageId, run.runId, seq),
    entity: 'replyChunk',
    seq,
    at: at.toISOString(),
    events,
    expiresAt: runningExpiry(run.startedAt),
  });
}

/**
 * A run's checkpoints in order, strongly consistent, so a reader is never behind the writer by more
 * than the checkpoint being written. `at` is the newest checkpoint's time (none yet: undefined).
 */
export async function readReplyChunks(userId: string, run: ChunkRun): Promise<{ chunks: ProgressEvent[][]; at: string | undefined }> {
  const items = await table.queryAll<ChunkItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.replyChunkRunPrefix(run.conversationId, run.responseMessageId, run.runId) },
    ProjectionExpression: '#seq, #at, #events',
    ExpressionAttributeNames: { '#seq': 'seq', '#at': 'at', '#events': 'events' },
    ConsistentRead: true,
  });
  return { chunks: items.map((item) => item.events), at: items.at(-1)?.at };
}
