import { MESSAGE_PAGE, NEXT_CURSOR_HEADER, NO_PARENT, type Message } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { INVALID_MESSAGE_CURSOR } from '../../domain/conversations/message-pages.ts';
import { dbCalls, useApi, type Member } from '../api-test-kit.ts';
import { seedConversation, signUp } from '../convos/__fixtures__/members.ts';

const api = useApi();

type Page = { messages: Message[]; nextCursor: string | null };

function message(conversationId: string, messageId: string, parentMessageId: string, minute: number, text: string): Message {
  const at = new Date(Date.UTC(2026, 1, 1) + minute * 60_000).toISOString();
  return { messageId, conversationId, parentMessageId, text, sender: minute % 2 ? 'GPT-4o' : 'User', isCreatedByUser: minute % 2 === 0, createdAt: at, updatedAt: at };
}

/** Every page from the first, each checked to stay within a page's budget. */
async function readAll(member: Member, conversationId: string): Promise<Page[]> {
  const pages: Page[] = [];
  let path = `/api/messages/${conversationId}?limit=${MESSAGE_PAGE.maxCount}`;
  for (;;) {
    const response = await member.call<Page>('GET', path);
    expect(response.status).toBe(200);
    expect(Buffer.byteLength(response.text)).toBeLessThanOrEqual(MESSAGE_PAGE.budgetBytes);
    pages.push(response.json);
    if (!response.json.nextCursor) return pages;
    path = `/api/messages/${conversationId}?cursor=${response.json.nextCursor}`;
  }
}

const ids = (messages: Message[]) => messages.map((m) => m.messageId);

/**
 * A main line of 24 messages of 50 KB (1.2 MB: more than a page), with six older side branches
 * of the same size hanging off it.
 */
function longBranched(conversationId: string): Message[] {
  const text = (id: string) => `${id} `.padEnd(50_000, 'x');
  const main = Array.from({ length: 24 }, (_, i) => message(conversationId, `main${String(i).padStart(2, '0')}`, i === 0 ? NO_PARENT : `main${String(i - 1).padStart(2, '0')}`, 100 + i, text(`main${i}`)));
  const side = Array.from({ length: 6 }, (_, i) => message(conversationId, `side${i}`, main[i * 3]!.messageId, i * 3, text(`side${i}`)));
  return [...main, ...side];
}

describe('GET /api/messages/{conversationId} in pages', () => {
  it('opens a conversation longer than a page on its branch, newest end first, then walks every message by cursor', async () => {
    const member = await signUp(api().client());
    const { conversation, messages } = await seedConversation(member.userId, {}, longBranched);
    const pages = await readAll(member, conversation.conversationId);
    expect(pages.length).toBeGreaterThan(2);

    // The first page is the end of the main line the member sees, oldest first and unbroken.
    const first = pages[0]!.messages;
    expect(first.length).toBeGreaterThan(10);
    expect(first.length).toBeLessThan(24);
    expect(ids(first).every((id) => id.startsWith('main'))).toBe(true);
    expect(first.at(-1)!.messageId).toBe('main23');
    first.slice(1).forEach((m, i) => expect(m.parentMessageId).toBe(first[i]!.messageId));

    const seen = new Set(pages.slice(1).flatMap((page) => ids(page.messages)));
    expect([...seen].sort()).toEqual(ids(messages).sort());
    expect(pages.flatMap((page) => page.messages).find((m) => m.messageId === 'side4')).toEqual(messages.find((m) => m.messageId === 'side4'));
  });

  it('counts the bodies kept in S3 against the page: a page of 400 KB messages holds two', async () => {
    const member = await signUp(api().client());
    const big = (id: string) => `${id} `.padEnd(400_000, 'y');
    const { conversation } = await seedConversation(member.userId, {}, (id) => Array.from({ length: 5 }, (_, i) => message(id, `b${i}`, i === 0 ? NO_PARENT : `b${i - 1}`, i, big(`b${i}`))));
    const pages = await readAll(member, conversation.conversationId);
    expect(ids(pages[0]!.messages)).toEqual(['b3', 'b4']);
    for (const page of pages) expect(page.messages.length).toBeLessThanOrEqual(2);
    const all = pages.flatMap((page) => page.messages);
    expect(new Set(ids(all))).toEqual(new Set(['b0', 'b1', 'b2', 'b3', 'b4']));
    expect(all.every((m) => m.text === big(m.messageId))).toBe(true);
  });

  it('pages a root with thousands of branches: the first page is the root and its newest reply, and no page passes the budget', async () => {
    const member = await signUp(api().client());
    const replies = 2_500;
    const { conversation } = await seedConversation(member.userId, {}, (id) => [
      message(id, 'root', NO_PARENT, 0, 'The question'),
      ...Array.from({ length: replies }, (_, i) => message(id, `r${String(i).padStart(4, '0')}`, 'root', 1 + i, `Answer ${i} `.padEnd(600, '.'))),
    ]);
    const pages = await readAll(member, conversation.conversationId);
    expect(ids(pages[0]!.messages)).toEqual(['root', `r${replies - 1}`]);
    expect(pages.length).toBeGreaterThan(2);
    expect(new Set(pages.slice(1).flatMap((page) => ids(page.messages))).size).toBe(replies + 1);
  });

  it('answers a client that does not page with the first page as a bare array, naming the next page in a header', async () => {
    const member = await signUp(api().client());
    const { conversation } = await seedConversation(member.userId, {}, longBranched);
    const response = await member.call<Message[]>('GET', `/api/messages/${conversation.conversationId}`);
    expect(Array.isArray(response.json)).toBe(true);
    expect(response.json.at(-1)!.messageId).toBe('main23');
    const cursor = response.headers.get(NEXT_CURSOR_HEADER);
    expect(cursor).toBeTruthy();
    const next = await member.call<Page>('GET', `/api/messages/${conversation.conversationId}?cursor=${cursor}`);
    expect(next.json.messages.length).toBeGreaterThan(0);

    const small = await seedConversation(member.userId);
    const whole = await member.call<Message[]>('GET', `/api/messages/${small.conversation.conversationId}`);
    expect(whole.json).toHaveLength(small.messages.length);
    expect(whole.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
    const paged = await member.call<Page>('GET', `/api/messages/${small.conversation.conversationId}?limit=20`);
    expect(paged.json).toEqual({ messages: whole.json, nextCursor: null });
    expect(dbCalls(paged)).toBe(3);
    // Past the limit, the first page is the branch on screen: the newest root's line.
    const limited = await member.call<Page>('GET', `/api/messages/${small.conversation.conversationId}?limit=5`);
    expect(ids(limited.json.messages)).toEqual(['m1x', 'm2x']);
    expect(limited.json.nextCursor).toBeTruthy();
  });

  it('sends a message larger than a page alone, cut to the cap and marked truncated', async () => {
    const member = await signUp(api().client());
    const huge = 'Lisbon. '.repeat(400_000);
    const { conversation } = await seedConversation(member.userId, {}, (id) => [message(id, 'q', NO_PARENT, 0, 'Tell me everything'), message(id, 'a', 'q', 1, huge)]);
    const response = await member.call<Page>('GET', `/api/messages/${conversation.conversationId}?limit=10`);
    expect(Buffer.byteLength(response.text)).toBeLessThanOrEqual(MESSAGE_PAGE.messageCapBytes + 1_000);
    const answer = response.json.messages.find((m) => m.messageId === 'a')!;
    expect(answer.truncated).toBe(true);
    expect(answer.text.length).toBeGreaterThan(1_000_000);
    expect(huge.startsWith(answer.text)).toBe(true);
  });

  it('answers 400 for a cursor it did not make or made for another conversation', async () => {
    const member = await signUp(api().client());
    const { conversation } = await seedConversation(member.userId, {}, longBranched);
    const other = await seedConversation(member.userId);
    const first = await member.call<Page>('GET', `/api/messages/${conversation.conversationId}?limit=${MESSAGE_PAGE.maxCount}`);
    for (const [id, cursor] of [[conversation.conversationId, 'not-a-cursor'], [other.conversation.conversationId, first.json.nextCursor!]]) {
      const response = await member.call<{ message: string; field: string }>('GET', `/api/messages/${id}?cursor=${cursor}`);
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ message: INVALID_MESSAGE_CURSOR, field: 'cursor' });
    }
  });

  it('answers 404 to another member holding the owner’s conversation id and cursor', async () => {
    const owner = await signUp(api().client());
    const stranger = await signUp(api().client());
    const { conversation } = await seedConversation(owner.userId, {}, longBranched);
    const first = await owner.call<Page>('GET', `/api/messages/${conversation.conversationId}?limit=${MESSAGE_PAGE.maxCount}`);
    const response = await stranger.call('GET', `/api/messages/${conversation.conversationId}?cursor=${first.json.nextCursor}`);
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('main');
  });
});
