import { randomUUID } from 'node:crypto';
import { JOBS_PARTITION } from '@meld/shared';
import { keys } from '../store/keys.ts';
import { table, type Keys } from '../store/table.ts';
import type { BackgroundJob } from './job-types.ts';

/**
 * The durable queue of background work: a job is an item in the table, written by the request
 * that starts it. In AWS the table's stream hands each new job to the worker function; on one
 * machine the local runner hears of it here. Either way the item stays until its work is done, so
 * a crash, a timeout or a restart loses nothing: the worker is retried, the runner looks again.
 */
export interface StoredJob {
  key: Keys;
  job: BackgroundJob;
  attempts: number;
}

type JobItem = Keys & Record<string, unknown> & { entity: 'job'; job: BackgroundJob; attempts: number; createdAt: string };

const listeners = new Set<() => void>();

/** The local runner (jobs/local-runner.ts) listens here; in Lambda nothing does, and the stream delivers. */
export function onJobQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Queues jobs; they run after the request that queued them has answered. */
export async function enqueueJobs(jobs: BackgroundJob[], now = new Date()): Promise<void> {
  if (jobs.length === 0) return;
  const createdAt = now.toISOString();
  const items: JobItem[] = jobs.map((job) => ({ ...keys.job(createdAt, randomUUID()), entity: 'job', job, attempts: 0, createdAt }));
  await table.batchWrite(items);
  for (const listener of listeners) listener();
}

export function enqueueJob(job: BackgroundJob, now = new Date()): Promise<void> {
  return enqueueJobs([job], now);
}

/** The job under `key`, read strongly consistent (a stream record carries only the key). */
export async function readJob(key: Keys): Promise<StoredJob | undefined> {
  const item = await table.get<JobItem>(key, true);
  return item && { key: { pk: item.pk, sk: item.sk }, job: item.job, attempts: item.attempts };
}

/** Tries a job gets; past them its item stays for an operator (docs/operations.md, "Background jobs"). */
export const MAX_JOB_ATTEMPTS = 5;

/** Jobs waiting that have tries left, oldest first: the local runner's work list. */
export async function pendingJobs(): Promise<StoredJob[]> {
  const { items } = await table.query<JobItem>({
    ConsistentRead: true,
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: 'attempts < :max',
    ExpressionAttributeValues: { ':pk': JOBS_PARTITION, ':max': MAX_JOB_ATTEMPTS },
  });
  return items.map((item) => ({ key: { pk: item.pk, sk: item.sk }, job: item.job, attempts: item.attempts }));
}

/**
 * After a step: a finished job's item goes; an unfinished one is queued anew (a new item, which
 * the stream delivers as a new job) before its old item goes, so it is never lost in between.
 */
export async function settleJob(stored: StoredJob, step: 'done' | 'more'): Promise<void> {
  if (step === 'more') await enqueueJob(stored.job);
  await table.delete(stored.key);
}

/** A try failed: counted on the item, which stays for the next try (and for an operator past the last). */
export async function countFailedAttempt(key: Keys): Promise<number> {
  const item = await table.update<JobItem>(key, {
    UpdateExpression: 'ADD attempts :one',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':one': 1 },
    ReturnValues: 'ALL_NEW',
  });
  return item?.attempts ?? 0;
}
