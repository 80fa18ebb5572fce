import { LIMITS, type Conversation, type Message } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { branchedTree } from './__fixtures__/branched-tree.ts';
import { copyTitle, duplicateConversation, forkConversation, type CopyDeps } from './copy.ts';

const now = new Date('2026-03-01T08:00:00.000Z');
const source: Conversation = {
  conversationId: 'c1', title: 'Lisbon weekend', user: 'u1', isArchived: true, tags: ['travel', 'family'],
  endpoint: 'anthropic', model: 'claude-sonnet-4', temperature: 0.4, promptPrefix: 'Be brief.',
  createdAt: '2026-01-10T09:00:00.000Z', updatedAt: '2026-01-10T09:10:00.000Z',
};

/** Stores in memory, recording the order of writes. */
function fakeStores() {
  const writes: string[] = [];
  const tagDeltas: Record<string, number>[] = [];
  let n = 0;
  const deps: CopyDeps = {
    getConversation: async (userId, id) => (userId === 'u1' && id === 'c1' ? source : undefined),
    getAllMessages: async (_userId, id) => (id === 'c1' ? branchedTree('c1') : []),
    putMessages: async (_userId, messages: Message[]) => void writes.push(`messages:${messages.length}`),
    putConversation: async (_userId, conversation: Conversation) => void writes.push(`conversation:${conversation.conversationId}`),
    adjustTagCounts: async (_userId, deltas) => void tagDeltas.push(deltas),
    newId: () => `id-${++n}`,
  };
  return { deps, writes, tagDeltas };
}

describe('duplicating a conversation', () => {
  it('copies every message and the settings, titled "(copy)", dated now and active', async () => {
    const { deps, writes } = fakeStores();
    const { conversation, messages } = await duplicateConversation('u1', 'c1', undefined, now, deps);
    expect(conversation).toEqual({ ...source, conversationId: 'id-1', title: 'Lisbon weekend (copy)', isArchived: false, createdAt: now.toISOString(), updatedAt: now.toISOString() });
    expect(messages).toHaveLength(11);
    expect(messages.every((message) => message.conversationId === 'id-1')).toBe(true);
    // The conversation item makes the copy visible, so it is written last.
    expect(writes).toEqual(['messages:11', 'conversation:id-1']);
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
  it('keeps the title and settings, leaves the tags behind and copies the chosen messages', async () => {
    const { deps, writes, tagDeltas } = fakeStores();
    const { conversation, messages } = await forkConversation('u1', 'c1', { messageId: 'm3', option: 'directPath', splitAtTarget: false }, now, deps);
    expect(conversation).toMatchObject({ title: 'Lisbon weekend', model: 'claude-sonnet-4', promptPrefix: 'Be brief.', tags: [], isArchived: false, createdAt: now.toISOString() });
    expect(messages.map((message) => message.text.split(':')[0])).toEqual(['m1', 'm2', 'm3']);
    expect(writes).toEqual(['messages:3', `conversation:${conversation.conversationId}`]);
    expect(tagDeltas).toEqual([]);
  });
});
