import type { Message, SearchMatch } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { branchedTree } from '../../domain/conversations/__fixtures__/branched-tree.ts';
import { SNIPPET_CHARS } from '../../domain/conversations/search-snippet.ts';
import { useApi } from '../api-test-kit.ts';
import { seedConversation, signUp } from '../convos/__fixtures__/members.ts';

const api = useApi({ config: { search: { enabled: true } } });

type Page = { conversations: { conversationId: string; title: string }[]; nextCursor: string | null; matches?: Record<string, SearchMatch> };

/** The first two messages of the fixture tree, the second (the reply) with the given text. */
const replying = (text: string) => (id: string) => branchedTree(id).slice(0, 2).map((message, i): Message => (i === 1 ? { ...message, text, isCreatedByUser: false } : message));

async function search(term: string) {
  const member = await signUp(api().client());
  return {
    member,
    run: async () => {
      const response = await member.call<Page>('GET', `/api/convos?search=${encodeURIComponent(term)}`);
      expect(response.status).toBe(200);
      return response.json;
    },
  };
}

const highlighted = (snippet: SearchMatch['message']) => snippet?.highlights.map((range) => snippet.text.slice(range.start, range.end));

describe('search results carry where they matched', () => {
  it('sends a bounded snippet of the matching message with the match offsets, never the whole message', async () => {
    const { member, run } = await search('tram 28');
    const long = `${'We walked all morning through the old town. '.repeat(40)}Then we took Tram 28 up to the castle. ${'The view was worth it. '.repeat(200)}`;
    const { conversation, messages } = await seedConversation(member.userId, { title: 'Lisbon weekend' }, replying(long));
    const page = await run();
    expect(page.conversations.map((c) => c.conversationId)).toEqual([conversation.conversationId]);
    const match = page.matches?.[conversation.conversationId];
    expect(match?.title).toEqual([]);
    expect(match?.message).toMatchObject({ messageId: messages[1]!.messageId, isCreatedByUser: false, truncatedStart: true, truncatedEnd: true });
    expect(match!.message!.text.length).toBeLessThanOrEqual(SNIPPET_CHARS);
    expect(highlighted(match!.message)).toEqual(['Tram 28']);
    expect(JSON.stringify(page).length).toBeLessThan(long.length / 4);
  });

  it('marks the title’s matches, and adds a message snippet when a message matches too', async () => {
    const { member, run } = await search('palace');
    const both = await seedConversation(member.userId, { title: 'Palace tickets', updatedAt: '2026-01-03T00:00:00.000Z' }, replying('The palace opens at ten.'));
    const titleOnly = await seedConversation(member.userId, { title: 'Sintra palace', updatedAt: '2026-01-02T00:00:00.000Z' }, replying('Book early.'));
    const page = await run();
    expect(page.matches?.[both.conversation.conversationId]).toEqual({
      title: [{ start: 0, end: 6 }],
      message: expect.objectContaining({ text: 'The palace opens at ten.', highlights: [{ start: 4, end: 10 }], truncatedStart: false, truncatedEnd: false }),
    });
    expect(page.matches?.[titleOnly.conversation.conversationId]).toEqual({ title: [{ start: 7, end: 13 }], message: null });
  });

  it('sends no matches on a plain list', async () => {
    const member = await signUp(api().client());
    await seedConversation(member.userId, { title: 'Palace tickets' }, replying('palace'));
    const response = await member.call<Page>('GET', '/api/convos');
    expect(response.json.conversations).toHaveLength(1);
    expect(response.json.matches).toBeUndefined();
  });
});
