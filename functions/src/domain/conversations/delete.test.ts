import type { Conversation } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { deleteAllConversations, deleteConversation, type DeleteDeps } from './delete.ts';

function conversation(id: string, tags: string[]): Conversation {
  return { conversationId: id, title: id, user: 'u1', isArchived: false, tags, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
}

function fakeStores(conversations: Conversation[]) {
  const steps: string[] = [];
  const deps: DeleteDeps = {
    getConversation: async (userId, id) => (userId === 'u1' ? conversations.find((c) => c.conversationId === id) : undefined),
    listAllConversations: async (userId) => (userId === 'u1' ? conversations : []),
    deleteAllMessages: async (_userId, id) => (steps.push(`messages:${id}`), 3),
    deleteToolCalls: async (_userId, id) => (steps.push(`runs:${id}`), 1),
    deleteConversationItem: async (_userId, id) => {
      steps.push(`conversation:${id}`);
      return true;
    },
    deleteSharesForConversation: async (_userId, id) => (steps.push(`shares:${id}`), 1),
    deleteAllSharesOfUser: async () => (steps.push('shares:all'), 2),
    adjustTagCounts: async (_userId, deltas) => void steps.push(`tags:${JSON.stringify(deltas)}`),
  };
  return { deps, steps };
}

describe('deleting conversations', () => {
  it('removes the shared link, then the messages and code runs, then the conversation, and only then lowers its tag counts', async () => {
    const { deps, steps } = fakeStores([conversation('c1', ['travel', 'family'])]);
    await expect(deleteConversation('u1', 'c1', deps)).resolves.toBe(1);
    expect(steps).toEqual(['shares:c1', 'messages:c1', 'runs:c1', 'conversation:c1', 'tags:{"travel":-1,"family":-1}']);
  });

  it('answers not found for another user’s conversation and deletes nothing', async () => {
    const { deps, steps } = fakeStores([conversation('c1', [])]);
    await expect(deleteConversation('u2', 'c1', deps)).rejects.toMatchObject({ kind: 'not-found' });
    expect(steps).toEqual([]);
  });

  it('deletes every conversation, the user’s links, and takes each tag down by the conversations that carried it', async () => {
    const all = Array.from({ length: 10 }, (_, i) => conversation(`c${i}`, i % 2 ? ['travel'] : ['travel', 'work']));
    const { deps, steps } = fakeStores(all);
    await expect(deleteAllConversations('u1', deps)).resolves.toBe(10);
    expect(steps[0]).toBe('shares:all');
    for (const { conversationId } of all) expect(steps.indexOf(`messages:${conversationId}`)).toBeLessThan(steps.indexOf(`conversation:${conversationId}`));
    expect(steps.at(-1)).toBe('tags:{"travel":-10,"work":-5}');
  });

  it('changes no tag counts when the conversations carried no tags', async () => {
    const { deps, steps } = fakeStores([conversation('c1', [])]);
    await deleteAllConversations('u1', deps);
    expect(steps.some((step) => step.startsWith('tags:'))).toBe(false);
  });
});
