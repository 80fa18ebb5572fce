import type { Conversation, Message } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { branchedTree } from '../../domain/conversations/__fixtures__/branched-tree.ts';
import { dbCalls, useApi } from '../api-test-kit.ts';
import { seedConversation, signUp, type Member } from './__fixtures__/members.ts';

const api = useApi({ config: { search: { enabled: true } } });

type Page = { conversations: Conversation[]; nextCursor: string | null };

/** Two messages, the second with the given text. */
const saying = (text: string) => (id: string) => branchedTree(id).slice(0, 2).map((message, i): Message => (i === 1 ? { ...message, text } : message));

async function search(member: Member, query: string) {
  const response = await member.call<Page>('GET', `/api/convos?${query}`);
  expect(response.status).toBe(200);
  return { titles: response.json.conversations.map((c) => c.title), nextCursor: response.json.nextCursor, calls: dbCalls(response) };
}

describe('GET /api/convos?search=', () => {
  it('says search is on', async () => {
    const member = await signUp(api().client());
    expect((await member.call('GET', '/api/search/enable')).json).toBe(true);
  });

  it('finds the member’s conversations by title or message text in any case, newest first, in two calls', async () => {
    const member = await signUp(api().client());
    const stranger = await signUp(api().client());
    await seedConversation(member.userId, { title: 'Sintra day trip', updatedAt: '2026-01-01T00:00:00.000Z' }, saying('Pack for the PALACE.'));
    await seedConversation(member.userId, { title: 'Palace tickets', updatedAt: '2026-01-03T00:00:00.000Z' }, saying('Book early.'));
    await seedConversation(member.userId, { title: 'Groceries', updatedAt: '2026-01-02T00:00:00.000Z' }, saying('Milk and bread.'));
    await seedConversation(stranger.userId, { title: 'Palace of someone else' }, saying('palace'));
    const found = await search(member, 'search=palace');
    expect(found).toEqual({ titles: ['Palace tickets', 'Sintra day trip'], nextCursor: null, calls: 3 });
  });

  it('pages through the matches with nextCursor, each conversation once', async () => {
    const member = await signUp(api().client());
    for (let i = 0; i < 5; i++) await seedConversation(member.userId, { title: i % 2 ? `Tram ${i}` : `Ride ${i}` }, saying(`tram 28 number ${i}`));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await search(member, `search=tram&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.titles.length).toBeLessThanOrEqual(2);
      seen.push(...page.titles);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(['Ride 0', 'Ride 2', 'Ride 4', 'Tram 1', 'Tram 3']);
  });

  it('searches the archive when asked, and keeps to the tags given', async () => {
    const member = await signUp(api().client());
    await seedConversation(member.userId, { title: 'Old fado night', isArchived: true }, () => []);
    await seedConversation(member.userId, { title: 'Fado tickets', tags: ['music'] }, () => []);
    await seedConversation(member.userId, { title: 'Fado history' }, () => []);
    expect((await search(member, 'search=fado&isArchived=true')).titles).toEqual(['Old fado night']);
    expect((await search(member, 'search=fado&tags=music')).titles).toEqual(['Fado tickets']);
  });

  it('refuses a search cursor made for another member', async () => {
    const member = await signUp(api().client());
    const other = await signUp(api().client());
    for (let i = 0; i < 3; i++) await seedConversation(member.userId, { title: `Tile ${i}` }, () => []);
    const page = await search(member, 'search=tile&limit=1');
    expect(page.nextCursor).not.toBeNull();
    const stolen = await other.call('GET', `/api/convos?search=tile&cursor=${page.nextCursor}`);
    expect(stolen.status).toBe(400);
    expect(stolen.json).toMatchObject({ field: 'cursor' });
  });
});
