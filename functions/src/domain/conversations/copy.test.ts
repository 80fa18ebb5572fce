import { LIMITS, type Conversation, type Message } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import type { BackgroundJob } from '../../jobs/job-types.ts';
import { branchedTree } from './__fixtures__/branched-tree.ts';
import { copiedMessageId, copyMessages, copyTitle, duplicateConversation, forkConversation, type CopyDeps, type CopyJobDeps } from './copy.ts';

const now = new Date('2026-03-01T08:00:00.000Z');
const source: Conversation = {
  conversationId: 'c1', title: 'Lisbon weekend', user: 'u1', isArchived: true, tags: ['travel', 'family'],
  endpoint: 'anthropic', model: 'claude-sonnet-4', temperature: 0.4, promptPrefix: 'Be brief.',
  createdAt: '2026-01-10T09:00:00.000Z', updatedAt: '2026-01-10T09:10:00.000Z',
};

/** Stores in memory, recording the order of writes and the jobs queued. */
function fakeStores() {
  const writes: string[] = [];
  const jobs: BackgroundJob[] = [];
  const tagDeltas: Record<string, number>[] = [];
  let n = 0;
  const deps: CopyDeps = {
    getConversation: async (userId, id) => (userId === 'u1' && id === 'c1' ? source : undefined),
    putConversation: async (_userId, conversation: Conversation) => void writes.push(`conversation:${conversation.conversationId}`),
    deleteConversationItem: async (_userId, id) => (writes.push(`deleted:${id}`), true),
    adjustTagCounts: async (_userId, deltas) => void tagDeltas.push(deltas),
    enqueueJobs: async (queued) => void (writes.push('job'), jobs.push(...queued)),
    messageNodes: async (_userId, id) => (id === 'c1' ? branchedTree('c1') : []),
    newId: () => `id-${++n}`,
  };
  return { deps, writes, jobs, tagDeltas };
}

function jobStores(options: { copyDeleted?: boolean } = {}) {
  const written: Message[] = [];
  const queued: BackgroundJob[] = [];
  const deps: CopyJobDeps = {
    getConversation: async () => source,
    getAllMessages: async (_userId, id) => (id === 'c1' ? branchedTree('c1') : []),
    putMessages: async (_userId, messages) => void written.push(...messages),
    markCopied: async () => !options.copyDeleted,
    enqueueJobs: async (jobs) => void queued.push(...jobs),
  };
  return { deps, written, queued };
}

describe('duplicating a conversation', () => {
  it('lists the copy at once, marked copying, titled "(copy)", dated now and active, then queues its messages for the worker', async () => {
    const { deps, writes, jobs } = fakeStores();
    const { conversation } = await duplicateConversation('u1', 'c1', undefined, now, deps);
    expect(conversation).toEqual({ ...source, conversationId: 'id-1', title: 'Lisbon weekend (copy)', isArchived: false, copying: true, createdAt: now.toISOString(), updatedAt: now.toISOString() });
    expect(jobs).toEqual([{ kind: 'copyConversation', userId: 'u1', sourceId: 'c1', targetId: 'id-1' }]);
    // The worker marks the copy done, so the item must exist before the job can run.
    expect(writes).toEqual(['conversation:id-1', 'job']);
  });

  it('takes the copy back when its job cannot be queued, and refuses to copy a copy still being made', async () => {
    const { deps, writes } = fakeStores();
    deps.enqueueJobs = async () => {
      throw new Error('throttled');
    };
    await expect(duplicateConversation('u1', 'c1', undefined, now, deps)).rejects.toThrow('throttled');
    expect(writes).toEqual(['conversation:id-1', 'deleted:id-1']);
    deps.getConversation = async () => ({ ...source, copying: true });
    await expect(duplicateConversation('u1', 'c1', undefined, now, deps)).rejects.toMatchObject({ kind: 'conflict' });
  });

  it('takes a given title, and counts the copied tags once more', async () => {
    const { deps, tagDeltas } = fakeStores();
    const { conversation } = await duplicateConversation('u1', 'c1', 'Lisbon, again', now, deps);
    expect(conversation.title).toBe('Lisbon, again');
    expect(conversation.tags).toEqual(['travel', 'family']);
    expect(tagDeltas).toEqual([{ travel: 1, family: 1 }]);
  });

  it('keeps "(copy)" titles within the title limit', () => {
    const title = copyTitle('x'.repeat(LIMITS.conversationTitleMax));
    expect(title).toHaveLength(LIMITS.conversationTitleMax);
    expect(title.endsWith(' (copy)')).toBe(true);
  });

  it('answers not found for another user’s conversation and writes nothing', async () => {
    const { deps, writes } = fakeStores();
    await expect(duplicateConversation('u2', 'c1', undefined, now, deps)).rejects.toMatchObject({ kind: 'not-found' });
    expect(writes).toEqual([]);
  });
});

describe('forking a conversation', () => {
  it('keeps the title and settings, leaves the tags behind and queues the chosen part', async () => {
    const { deps, jobs, tagDeltas } = fakeStores();
    const fork = { messageId: 'm3', option: 'directPath', splitAtTarget: false } as const;
    const { conversation } = await forkConversation('u1', 'c1', fork, now, deps);
    expect(conversation).toMatchObject({ title: 'Lisbon weekend', model: 'claude-sonnet-4', promptPrefix: 'Be brief.', tags: [], isArchived: false, copying: true, createdAt: now.toISOString() });
    expect(jobs).toEqual([{ kind: 'copyConversation', userId: 'u1', sourceId: 'c1', targetId: conversation.conversationId, fork }]);
    expect(tagDeltas).toEqual([]);
  });

  it('refuses a fork that cannot be made before writing anything', async () => {
    const { deps, writes } = fakeStores();
    await expect(forkConversation('u1', 'c1', { messageId: 'nope', option: 'directPath', splitAtTarget: false }, now, deps)).rejects.toMatchObject({ kind: 'not-found' });
    await expect(forkConversation('u1', 'c1', { messageId: 'm3', option: 'directPath', splitAtTarget: true }, now, deps)).rejects.toMatchObject({ kind: 'invalid' });
    expect(writes).toEqual([]);
  });
});

describe("the worker's copy", () => {
  it('copies every message of a duplicate under the copy, with the same ids on every run, and clears the mark', async () => {
    const first = jobStores();
    await copyMessages({ kind: 'copyConversation', userId: 'u1', sourceId: 'c1', targetId: 'c2' }, first.deps);
    expect(first.written).toHaveLength(11);
    expect(first.written.every((message) => message.conversationId === 'c2')).toBe(true);
    const again = jobStores();
    await copyMessages({ kind: 'copyConversation', userId: 'u1', sourceId: 'c1', targetId: 'c2' }, again.deps);
    expect(again.written.map((message) => message.messageId)).toEqual(first.written.map((message) => message.messageId));
    expect(first.queued).toEqual([]);
  });

  it('copies only the chosen messages of a fork', async () => {
    const { deps, written } = jobStores();
    await copyMessages({ kind: 'copyConversation', userId: 'u1', sourceId: 'c1', targetId: 'c2', fork: { messageId: 'm3', option: 'directPath', splitAtTarget: false } }, deps);
    expect(written.map((message) => message.text.split(':')[0])).toEqual(['m1', 'm2', 'm3']);
  });

  it('queues what it wrote for deletion when the copy was deleted while it copied', async () => {
    const { deps, queued } = jobStores({ copyDeleted: true });
    await copyMessages({ kind: 'copyConversation', userId: 'u1', sourceId: 'c1', targetId: 'c2' }, deps);
    expect(queued).toEqual([{ kind: 'purgeConversations', userId: 'u1', conversationIds: ['c2'] }]);
  });

  it('gives each copied message a UUID of its own', () => {
    expect(copiedMessageId('c2', 'm1')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(copiedMessageId('c2', 'm1')).not.toBe(copiedMessageId('c3', 'm1'));
  });
});
