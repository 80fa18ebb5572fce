import type { Conversation } from '@meld/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { indexesSettled, startTestStack } from '../local/test-stack.ts';
import { table } from './table.ts';
import { getConversation, InvalidCursorError, listConversations, markCopied, putConversations, updateConversation } from './conversation-store.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

function conversation(id: string, title: string, minute: number, extra: Partial<Conversation> = {}): Conversation {
  const at = new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
  return { conversationId: id, title, user: 'u1', isArchived: false, tags: [], endpoint: 'openAI', createdAt: at, updatedAt: at, ...extra };
}

describe('conversation store', () => {
  beforeAll(async () => {
    await putConversations('u1', [
      conversation('c1', 'banana', 1),
      conversation('c2', 'Apple', 2, { tags: ['work'] }),
      conversation('c3', 'cherry', 3, { isArchived: true }),
      conversation('c4', 'date', 4, { tags: ['work', 'ideas'], updatedAt: new Date(Date.UTC(2026, 0, 2)).toISOString() }),
    ]);
    await putConversations('u2', [conversation('c9', 'not yours', 5)]);
    // The lists are index queries, which in AWS have a write within a second.
    await indexesSettled();
  });

  const base = { archived: false, limit: 10, direction: 'desc' as const };

  it('lists a user’s active conversations newest first by updatedAt, createdAt or title', async () => {
    const ids = async (sortBy: 'updatedAt' | 'createdAt' | 'title', direction: 'asc' | 'desc' = 'desc') =>
      (await listConversations('u1', { ...base, sortBy, direction })).conversations.map((c) => c.conversationId);
    expect(await ids('updatedAt')).toEqual(['c4', 'c2', 'c1']);
    expect(await ids('createdAt', 'asc')).toEqual(['c1', 'c2', 'c4']);
    expect(await ids('title', 'asc')).toEqual(['c2', 'c1', 'c4']);
  });

  it('keeps archived conversations in their own list', async () => {
    const archived = await listConversations('u1', { ...base, archived: true, sortBy: 'updatedAt' });
    expect(archived.conversations.map((c) => c.conversationId)).toEqual(['c3']);
  });

  it('pages with an opaque cursor and filters by every given tag', async () => {
    const first = await listConversations('u1', { ...base, sortBy: 'updatedAt', limit: 2 });
    expect(first.conversations).toHaveLength(2);
    const second = await listConversations('u1', { ...base, sortBy: 'updatedAt', limit: 2, cursor: first.nextCursor! });
    expect(second.conversations.map((c) => c.conversationId)).toEqual(['c1']);
    const tagged = await listConversations('u1', { ...base, sortBy: 'updatedAt', tags: ['work', 'ideas'] });
    expect(tagged.conversations.map((c) => c.conversationId)).toEqual(['c4']);
  });

  it('refuses a forged cursor, and one taken from another user’s list, as bad input', async () => {
    await expect(listConversations('u1', { ...base, sortBy: 'updatedAt', cursor: 'not-a-cursor' })).rejects.toBeInstanceOf(InvalidCursorError);
    const foreignKey = { pk: 'USER#u2', sk: 'CONVO#c9', gsi1pk: 'CONVOS#u2#active', gsi1sk: '2026-01-01T00:05:00.000Z#c9' };
    const foreignCursor = Buffer.from(JSON.stringify(foreignKey)).toString('base64url');
    const attempt: unknown = await listConversations('u1', { ...base, sortBy: 'updatedAt', cursor: foreignCursor }).catch((error: unknown) => error);
    // DynamoDB refuses a start key outside the key condition; if a server tolerated it, the page must still be u1's own.
    if (attempt instanceof Error) expect(attempt).toBeInstanceOf(InvalidCursorError);
    else expect((attempt as { conversations: Conversation[] }).conversations.every((c) => c.user === 'u1')).toBe(true);
  });

  it('moves a conversation between lists when it is archived, and between positions when renamed', async () => {
    await updateConversation('u1', 'c1', (c) => ({ ...c, isArchived: true }));
    await indexesSettled();
    expect((await listConversations('u1', { ...base, archived: true, sortBy: 'updatedAt' })).conversations.map((c) => c.conversationId)).toContain('c1');
    const renamed = await updateConversation('u1', 'c2', (c) => ({ ...c, title: 'Zebra', updatedAt: new Date().toISOString() }));
    expect(renamed?.title).toBe('Zebra');
    await indexesSettled();
    expect((await listConversations('u1', { ...base, sortBy: 'title', direction: 'asc' })).conversations.at(-1)?.conversationId).toBe('c2');
    expect(await getConversation('u2', 'c2')).toBeUndefined();
  });
});

describe("a copy's mark", () => {
  afterEach(() => vi.restoreAllMocks());

  it('is not written back by an update that read it just before the worker cleared it', async () => {
    await putConversations('u3', [conversation('copy', 'A copy', 1, { copying: true })]);
    // The worker finishes the copy between this update's read and its write.
    const put = table.put.bind(table);
    let first = true;
    vi.spyOn(table, 'put').mockImplementation(async (item, options) => {
      if (first) {
        first = false;
        await markCopied('u3', 'copy');
      }
      return put(item, options);
    });
    const updated = await updateConversation('u3', 'copy', (current) => ({ ...current, title: 'Renamed' }));
    expect(updated?.title).toBe('Renamed');
    const stored = await getConversation('u3', 'copy', true);
    expect(stored).toMatchObject({ title: 'Renamed' });
    expect(stored?.copying).toBeUndefined();
  });
});
