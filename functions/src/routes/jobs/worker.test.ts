import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JOB_WORKER, JOBS_PARTITION } from '@meld/shared';
import { enqueueJob, pendingJobs } from '../../jobs/job-queue.ts';
import { startTestStack, type TestStack } from '../../local/test-stack.ts';
import { withDeclaredAccess } from '../../store/declared-access.ts';
import { keys } from '../../store/keys.ts';
import { putMessages } from '../../store/message-store.ts';
import { table } from '../../store/table.ts';
import { putConversation } from '../../store/conversation-store.ts';
import { handler } from './worker.ts';

/** The worker function as the table's stream calls it in AWS: no in-process runner, records by key. */
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ jobs: false });
});
afterAll(() => stack.stop());

const context = { getRemainingTimeInMillis: () => 900_000 } as Context;
const recordsFor = (items: { pk: string; sk: string }[]): DynamoDBStreamEvent => ({
  Records: items.map((item, i) => ({ eventName: 'INSERT', dynamodb: { Keys: { pk: { S: item.pk }, sk: { S: item.sk } }, SequenceNumber: String(i + 1) } })),
});
const asWorker = <T>(fn: () => Promise<T>) => withDeclaredAccess(JOB_WORKER, fn, {});
const jobItems = () => table.queryAll<{ pk: string; sk: string; attempts: number }>({ ConsistentRead: true, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': JOBS_PARTITION } });

describe('the background worker function', () => {
  it('runs the job a record names, under its own declared access, and removes the job item', async () => {
    const at = new Date().toISOString();
    await putMessages('u1', [{ messageId: 'm1', conversationId: 'gone', parentMessageId: '00000000-0000-0000-0000-000000000000', text: 'hi', sender: 'User', isCreatedByUser: true, createdAt: at, updatedAt: at }]);
    await enqueueJob({ kind: 'purgeConversations', userId: 'u1', conversationIds: ['gone'] });
    const items = await jobItems();
    await asWorker(() => handler(recordsFor(items), context));
    expect(await table.get(keys.message('u1', 'gone', 'm1'), true)).toBeUndefined();
    expect(await jobItems()).toEqual([]);
    // A second delivery of the same record (streams deliver at least once) finds nothing to do.
    await asWorker(() => handler(recordsFor(items), context));
  });

  it('fails the invocation when a job fails, so the stream retries it and the alarm counts it, and keeps the item with its tries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // A copy whose source cannot be read: a message item that is not a message.
    await putConversation('u2', { conversationId: 'target', title: 't', user: 'u2', isArchived: false, tags: [], copying: true, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' });
    await table.put({ ...keys.message('u2', 'source', 'broken'), bodyRef: 'messages/u2/nowhere.json' });
    await enqueueJob({ kind: 'copyConversation', userId: 'u2', sourceId: 'source', targetId: 'target' });
    const items = await jobItems();
    await expect(asWorker(() => handler(recordsFor(items), context))).rejects.toThrow();
    expect((await jobItems()).map((item) => item.attempts)).toEqual([1]);
    expect(await asWorker(() => pendingJobs())).toHaveLength(1);
    vi.restoreAllMocks();
  });
});
