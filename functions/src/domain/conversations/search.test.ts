import type { Conversation } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { SEARCH_READS_PER_PAGE, searchConversations, type SearchDeps, type SearchOptions } from './search.ts';

interface Item {
  sk: string;
  conversationId: string;
  title?: string;
  text?: string;
}

function conversation(id: string, title: string, minute: number, extra: Partial<Conversation> = {}): Conversation {
  const at = new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
  return { conversationId: id, title, user: 'u1', isArchived: false, tags: [], createdAt: at, updatedAt: at, ...extra };
}

/**
 * The user's partition as the store walks it: conversation items first, then messages grouped by
 * conversation, read `perRead` items at a time (standing in for DynamoDB's 1 MB pages).
 */
function partition(conversations: Conversation[], messages: Record<string, string[]>, perRead: number) {
  const items: Item[] = [
    ...conversations.map((c) => ({ sk: `CONVO#${c.conversationId}`, conversationId: c.conversationId, title: c.title })),
    ...Object.entries(messages).flatMap(([id, texts]) => texts.map((text, i) => ({ sk: `MSG#${id}#${i}`, conversationId: id, text }))),
  ].sort((a, b) => a.sk.localeCompare(b.sk));
  let reads = 0;
  const deps = (term: string): SearchDeps<string> => ({
    async findHits(after) {
      reads += 1;
      const start = after === undefined ? 0 : items.findIndex((item) => item.sk === after) + 1;
      const slice = items.slice(start, start + perRead);
      const hits = slice
        .filter((item) => (item.title ?? item.text ?? '').toLowerCase().includes(term.toLowerCase()))
        .map((item) => ({ conversationId: item.conversationId, onTitle: item.title !== undefined, position: item.sk }));
      return { hits, next: start + perRead < items.length ? slice.at(-1)!.sk : undefined };
    },
    getConversations: async (ids) => conversations.filter((c) => ids.includes(c.conversationId)),
  });
  return { deps, reads: () => reads };
}

const base = { limit: 10, archived: false, tags: [] };

/** Follows the cursor to the end, as a scrolling client would. */
async function allPages(options: SearchOptions<string>, deps: SearchDeps<string>) {
  const pages: string[][] = [];
  let from = options.from;
  do {
    const page = await searchConversations({ ...options, from }, deps);
    pages.push(page.conversations.map((c) => c.conversationId));
    from = page.resume ?? undefined;
  } while (from);
  return pages;
}

describe('searching conversations', () => {
  const conversations = [
    conversation('a', 'Lisbon trip', 1),
    conversation('b', 'Groceries', 5),
    conversation('c', 'Work notes', 3),
    conversation('d', 'Porto', 4),
  ];
  const messages = { a: ['Where in LISBON?', 'Alfama'], b: ['milk', 'eggs'], c: ['meeting in lisbon', 'lisbon office', 'budget'], d: ['port wine'] };

  it('finds conversations by title or message text, ignoring case, each once, newest first', async () => {
    const { deps } = partition(conversations, messages, 100);
    const page = await searchConversations({ ...base, term: 'Lisbon' }, deps('Lisbon'));
    expect(page.conversations.map((c) => c.conversationId)).toEqual(['c', 'a']);
    expect(page.resume).toBeNull();
  });

  it('pages through every match exactly once, whatever the page and read sizes', async () => {
    const many = Array.from({ length: 12 }, (_, i) => conversation(`k${String(i).padStart(2, '0')}`, i % 3 ? `trip ${i}` : `note ${i}`, i));
    const texts = Object.fromEntries(many.map((c, i) => [c.conversationId, ['hello', `trip day ${i}`, 'another trip', 'bye']]));
    for (const [limit, perRead] of [[1, 3], [2, 5], [5, 2], [25, 100]] as const) {
      const { deps } = partition(many, texts, perRead);
      const pages = await allPages({ ...base, limit, term: 'trip' }, deps('trip'));
      expect(pages.flat().sort(), `limit ${limit}, ${perRead} per read`).toEqual(many.map((c) => c.conversationId));
      for (const page of pages) expect(page.length).toBeLessThanOrEqual(limit);
    }
  });

  it('reports a conversation once when its messages run past the end of a page’s reads', async () => {
    const { deps } = partition([conversation('a', 'Porto', 1)], { a: Array.from({ length: 12 }, (_, i) => `lisbon ${i}`) }, 2);
    expect(await allPages({ ...base, term: 'lisbon' }, deps('lisbon'))).toEqual([['a'], []]);
  });

  it('keeps to the archive flag and the tags asked for', async () => {
    const mixed = [
      conversation('a', 'Lisbon', 1, { isArchived: true }),
      conversation('b', 'Lisbon food', 2, { tags: ['travel', 'food'] }),
      conversation('c', 'Lisbon hotels', 3, { tags: ['travel'] }),
    ];
    const { deps } = partition(mixed, {}, 100);
    const ids = async (options: Partial<SearchOptions<string>>) =>
      (await searchConversations({ ...base, term: 'lisbon', ...options }, deps('lisbon'))).conversations.map((c) => c.conversationId);
    expect(await ids({ archived: true })).toEqual(['a']);
    expect(await ids({ tags: ['travel'] })).toEqual(['c', 'b']);
    expect(await ids({ tags: ['travel', 'food'] })).toEqual(['b']);
  });

  it('skips messages left behind by a deleted conversation', async () => {
    const { deps } = partition([conversation('a', 'Porto', 1)], { a: ['lisbon'], gone: ['lisbon too'] }, 100);
    const page = await searchConversations({ ...base, term: 'lisbon' }, deps('lisbon'));
    expect(page.conversations.map((c) => c.conversationId)).toEqual(['a']);
  });

  it(`reads at most ${SEARCH_READS_PER_PAGE} times per page and says where to go on`, async () => {
    const quiet = Array.from({ length: 30 }, (_, i) => conversation(`q${String(i).padStart(2, '0')}`, `nothing ${i}`, i));
    const { deps, reads } = partition([...quiet, conversation('z', 'lisbon at last', 40)], {}, 2);
    const first = await searchConversations({ ...base, term: 'lisbon' }, deps('lisbon'));
    expect(reads()).toBe(SEARCH_READS_PER_PAGE);
    expect(first.conversations).toEqual([]);
    expect(first.resume).not.toBeNull();
    const pages = await allPages({ ...base, term: 'lisbon', from: first.resume! }, deps('lisbon'));
    expect(pages.flat()).toEqual(['z']);
  });
});
