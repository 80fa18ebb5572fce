import type { Conversation } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { deleteAllConversations, deleteConversation, type DeleteDeps } from './delete.ts';

function conversation(id: string, tags: string[]): Conversation {
  return { conversationId: id, title: id, user: 'u1', isArchived: false, tags, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
}

/** Stores over an in-memory list of conversations, pages of `pageSize`, recording each step. */
function fakeStores(conversations: Conversation[], pageSize = 4) {
  const steps: string[] = [];
  const left = [...conversations];
  const remove = (id: string) => left.splice(left.findIndex((c) => c.conversationId === id), 1);
  const deps: DeleteDeps = {
    getConversation: async (userId, id) => (userId === 'u1' ? left.find((c) => c.conversationId === id) : undefined),
    conversationItemsPage: async () => left.slice(0, pageSize),
    deleteConversationItem: async (_userId, id) => {
      steps.push(`conversation:${id}`);
      return left.some((c) => c.conversationId === id) && remove(id).length === 1;
    },
    deleteConversationItems: async (_userId, ids) => {
      steps.push(`conversations:${ids.join(',')}`);
      for (const id of ids) remove(id);
    },
    deleteSharesForConversation: async (_userId, id) => (steps.push(`shares:${id}`), 1),
    deleteAllSharesOfUser: async () => (steps.push('shares:all'), 2),
    adjustTagCounts: async (_userId, deltas) => void steps.push(`tags:${JSON.stringify(deltas)}`),
    enqueueJobs: async (jobs) => void steps.push(...jobs.map((job) => `job:${job.kind}:${job.kind === 'purgeConversations' ? job.conversationIds.join(',') : ''}`)),
  };
  return { deps, steps };
}

describe('deleting conversations', () => {
  it('takes the shared link down, queues its content for the worker, removes the item (hiding it), then lowers its tag counts', async () => {
    const { deps, steps } = fakeStores([conversation('c1', ['travel', 'family'])]);
    await expect(deleteConversation('u1', 'c1', deps)).resolves.toBe(1);
    expect(steps).toEqual(['shares:c1', 'job:purgeConversations:c1', 'conversation:c1', 'tags:{"travel":-1,"family":-1}']);
  });

  it('lowers no tag twice when two deletes race: only the call that removed the item goes on', async () => {
    const { deps, steps } = fakeStores([conversation('c1', ['travel'])]);
    const item = await deps.getConversation('u1', 'c1');
    deps.getConversation = async () => item;
    await deleteConversation('u1', 'c1', deps);
    await deleteConversation('u1', 'c1', deps);
    expect(steps.filter((step) => step.startsWith('tags:'))).toHaveLength(1);
  });

  it('answers not found for another user’s conversation and deletes nothing', async () => {
    const { deps, steps } = fakeStores([conversation('c1', [])]);
    await expect(deleteConversation('u2', 'c1', deps)).rejects.toMatchObject({ kind: 'not-found' });
    expect(steps).toEqual([]);
  });

  it('deletes every conversation page by page, each page queued before its items go, and takes each tag down by its carriers', async () => {
    const all = Array.from({ length: 10 }, (_, i) => conversation(`c${i}`, i % 2 ? ['travel'] : ['travel', 'work']));
    const { deps, steps } = fakeStores(all);
    await expect(deleteAllConversations('u1', Date.now() + 60_000, deps)).resolves.toEqual({ deleted: 10, finished: true });
    expect(steps[0]).toBe('shares:all');
    for (const { conversationId } of all) {
      const queued = steps.findIndex((step) => step.startsWith('job:purgeConversations:') && step.split(':')[2]!.split(',').includes(conversationId));
      const removed = steps.findIndex((step) => step.startsWith('conversations:') && step.slice('conversations:'.length).split(',').includes(conversationId));
      expect(queued).toBeGreaterThanOrEqual(0);
      expect(queued).toBeLessThan(removed);
    }
    const decrements = steps.filter((step) => step.startsWith('tags:')).map((step) => JSON.parse(step.slice(5)) as Record<string, number>);
    expect(decrements.reduce((sum, deltas) => sum + (deltas.travel ?? 0), 0)).toBe(-10);
    expect(decrements.reduce((sum, deltas) => sum + (deltas.work ?? 0), 0)).toBe(-5);
  });

  it('says it is not finished when it runs out of time, and queues nothing twice (its caller has the worker go on)', async () => {
    const { deps, steps } = fakeStores([conversation('c1', [])]);
    await expect(deleteAllConversations('u1', Date.now() - 1, deps)).resolves.toEqual({ deleted: 0, finished: false });
    expect(steps).toEqual(['shares:all']);
  });

  it('changes no tag counts when the conversations carried no tags', async () => {
    const { deps, steps } = fakeStores([conversation('c1', [])]);
    await deleteAllConversations('u1', Date.now() + 60_000, deps);
    expect(steps.some((step) => step.startsWith('tags:'))).toBe(false);
  });
});
