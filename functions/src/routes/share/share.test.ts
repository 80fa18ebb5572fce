import { NO_PARENT, type Conversation, type Message, type SharedLink } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { putConversation, updateConversation } from '../../store/conversation-store.ts';
import { putMessages } from '../../store/message-store.ts';
import { dbCalls, indexesSettled, signUp, useApi } from '../api-test-kit.ts';

const api = useApi();

const member = () => signUp(api().client());

function minute(n: number): string {
  return new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
}

/**
 * A conversation with a branch: q1 → a1, then q1 → a1b (a regenerated answer), a1 → q2 → a2.
 */
async function branchedConversation(userId: string, id: string, title = 'Shared thoughts', extra: Partial<Message> = {}): Promise<void> {
  const conversation: Conversation = { conversationId: id, title, user: userId, isArchived: false, tags: [], endpoint: 'openAI', createdAt: minute(0), updatedAt: minute(0) };
  const message = (messageId: string, parentMessageId: string, n: number): Message => ({
    messageId, conversationId: id, parentMessageId, text: `text of ${messageId}`, sender: n % 2 ? 'Assistant' : 'User', isCreatedByUser: n % 2 === 0,
    createdAt: minute(n), updatedAt: minute(n), ...extra,
  });
  await putConversation(userId, conversation);
  await putMessages(userId, [message('q1', NO_PARENT, 0), message('a1', 'q1', 1), message('a1b', 'q1', 2), message('q2', 'a1', 3), message('a2', 'q2', 4)]);
}

type Shared = { shareId: string; title: string; updatedAt: string; messages: Message[]; nextCursor?: string | null };

describe('shared links', () => {
  it('shares the whole conversation, readable signed out in one read, without private fields', async () => {
    const { userId, call } = await member();
    await branchedConversation(userId, 'c1', 'Shared thoughts', { files: [{ file_id: 'private-file' }], thread_id: 'thread_secret', tokenCount: 12 });
    const created = await call<SharedLink>('POST', '/api/share/c1', {});
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ conversationId: 'c1', title: 'Shared thoughts', isPublic: true, targetMessageId: null });
    expect(created.json.shareId).toMatch(/^[\w-]{22,}$/);
    expect(dbCalls(created)).toBe(6);
    const shared = await api().client().request<Shared>('GET', `/api/share/${created.json.shareId}`);
    expect(shared.status).toBe(200);
    expect(shared.json.messages.map((message) => message.messageId)).toEqual(['q1', 'a1', 'a1b', 'q2', 'a2']);
    expect(shared.json.messages[0]).not.toHaveProperty('files');
    expect(shared.json.messages[0]).not.toHaveProperty('thread_id');
    expect(shared.json.messages[0]).not.toHaveProperty('tokenCount');
    expect(shared.text).not.toContain(userId);
    expect(dbCalls(shared)).toBe(1);
  });

  it('shares only the branch from the root to the target message', async () => {
    const { userId, call } = await member();
    await branchedConversation(userId, 'c1');
    const created = await call<SharedLink>('POST', '/api/share/c1', { targetMessageId: 'q2' });
    expect(created.json.targetMessageId).toBe('q2');
    const shared = await api().client().request<Shared>('GET', `/api/share/${created.json.shareId}`);
    expect(shared.json.messages.map((message) => message.messageId)).toEqual(['q1', 'a1', 'q2']);
    expect((await call('POST', '/api/share/c1', { targetMessageId: 'nope' })).status).toBe(404);
  });

  it('keeps one link per conversation: a second create is a 409 naming the existing link', async () => {
    const { userId, call } = await member();
    await branchedConversation(userId, 'c1');
    const first = await call<SharedLink>('POST', '/api/share/c1', {});
    const second = await call<{ code: string; message: string }>('POST', '/api/share/c1', {});
    expect(second.status).toBe(409);
    expect(second.json.message).toContain(first.json.shareId);
  });

  it('refuses to share a conversation without messages', async () => {
    const { userId, call } = await member();
    await putConversation(userId, { conversationId: 'empty', title: 'Nothing yet', user: userId, isArchived: false, tags: [], createdAt: minute(0), updatedAt: minute(0) });
    expect((await call('POST', '/api/share/empty', {})).status).toBe(422);
  });

  it('keeps large snapshots whole, across the pages it is read in', async () => {
    const { userId, call } = await member();
    const long = 'word '.repeat(90_000);
    await branchedConversation(userId, 'big', 'Long one', { text: long });
    const created = await call<SharedLink>('POST', '/api/share/big', {});
    const messages: Message[] = [];
    let page = await api().client().request<Shared>('GET', `/api/share/${created.json.shareId}`);
    messages.push(...page.json.messages);
    while (page.json.nextCursor) {
      page = await api().client().request<Shared>('GET', `/api/share/${created.json.shareId}?cursor=${page.json.nextCursor}`);
      messages.push(...page.json.messages);
    }
    expect(messages).toHaveLength(5);
    expect(messages.every((message) => message.text === long)).toBe(true);
  });

  it('refreshes the snapshot with the conversation’s current messages and title, same link', async () => {
    const { userId, call } = await member();
    await branchedConversation(userId, 'c1');
    const created = await call<SharedLink>('POST', '/api/share/c1', { targetMessageId: 'a1' });
    await putMessages(userId, [{ messageId: 'q3', conversationId: 'c1', parentMessageId: 'a1', text: 'later', sender: 'User', isCreatedByUser: true, createdAt: minute(9), updatedAt: minute(9) }]);
    await updateConversation(userId, 'c1', (current) => ({ ...current, title: 'Renamed', updatedAt: minute(10) }));
    const refreshed = await call<SharedLink>('PATCH', `/api/share/${created.json.shareId}`);
    expect(refreshed.json).toMatchObject({ shareId: created.json.shareId, title: 'Renamed', targetMessageId: 'a1', createdAt: created.json.createdAt });
    expect(refreshed.json.updatedAt > created.json.updatedAt).toBe(true);
    expect(dbCalls(refreshed)).toBe(6);
    const shared = await api().client().request<Shared>('GET', `/api/share/${created.json.shareId}`);
    expect(shared.json).toMatchObject({ title: 'Renamed', updatedAt: refreshed.json.updatedAt });
    expect(shared.json.messages.map((message) => message.messageId)).toEqual(['q1', 'a1']);
  });

  it('tells whether a conversation has a link', async () => {
    const { userId, call } = await member();
    await branchedConversation(userId, 'c1');
    expect((await call('GET', '/api/share/link/c1')).json).toEqual({ shareId: null, success: false, conversationId: 'c1' });
    const created = await call<SharedLink>('POST', '/api/share/c1', {});
    const link = await call('GET', '/api/share/link/c1');
    expect(link.json).toEqual({ shareId: created.json.shareId, success: true, conversationId: 'c1' });
    expect(dbCalls(link)).toBe(2);
  });

  it('deletes a link: the public page is gone and the conversation can be shared again', async () => {
    const { userId, call } = await member();
    await branchedConversation(userId, 'c1');
    const created = await call<SharedLink>('POST', '/api/share/c1', {});
    const deleted = await call('DELETE', `/api/share/${created.json.shareId}`);
    expect(deleted.json).toEqual({ deletedCount: 1 });
    expect(dbCalls(deleted)).toBe(4);
    const gone = await api().client().request('GET', `/api/share/${created.json.shareId}`);
    expect(gone.status).toBe(404);
    expect(gone.json).toMatchObject({ message: 'Shared link not found' });
    expect((await call('DELETE', `/api/share/${created.json.shareId}`)).status).toBe(404);
    expect((await call('POST', '/api/share/c1', {})).status).toBe(201);
  });

  it('answers 404 for a link that never existed', async () => {
    const response = await api().client().request('GET', '/api/share/AAAAAAAAAAAAAAAAAAAAAA');
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ code: 'NOT_FOUND', message: 'Shared link not found' });
  });
});

describe('GET /api/share', () => {
  it('pages through the user’s links in one read per page, by date or title, with search', async () => {
    const { userId, call } = await member();
    const titles = ['Banana bread', 'apple pie', 'Cherry tart', 'Date loaf', 'Elder cordial'];
    for (const [i, title] of titles.entries()) {
      await branchedConversation(userId, `c${i}`, title);
      await call('POST', `/api/share/c${i}`, {});
    }
    // The list reads indexes, which in AWS have a new link within a second.
    await indexesSettled();
    const first = await call<{ links: SharedLink[]; nextCursor: string | null; hasNextPage: boolean }>('GET', '/api/share?pageSize=3');
    expect(first.json.links.map((link) => link.title)).toEqual(['Elder cordial', 'Date loaf', 'Cherry tart']);
    expect(first.json.hasNextPage).toBe(true);
    expect(dbCalls(first)).toBe(2);
    const second = await call<typeof first.json>('GET', `/api/share?pageSize=3&cursor=${first.json.nextCursor}`);
    expect(second.json).toMatchObject({ hasNextPage: false, nextCursor: null });
    expect(second.json.links.map((link) => link.title)).toEqual(['apple pie', 'Banana bread']);
    const byTitle = await call<typeof first.json>('GET', '/api/share?sortBy=title&sortDirection=asc&pageSize=5');
    expect(byTitle.json.links.map((link) => link.title)).toEqual(['apple pie', 'Banana bread', 'Cherry tart', 'Date loaf', 'Elder cordial']);
    expect(byTitle.json.hasNextPage).toBe(false);
    const search = await call<typeof first.json>('GET', '/api/share?search=BREAD');
    expect(search.json.links.map((link) => link.title)).toEqual(['Banana bread']);
    expect((await call<typeof first.json>('GET', '/api/share?isPublic=false')).json.links).toEqual([]);
    expect((await call('GET', '/api/share?cursor=not-a-cursor')).status).toBe(400);
  });
});

describe('another user’s shared links', () => {
  it('answer 404 on every owner route, while the public page works signed out', async () => {
    const owner = await member();
    const other = await member();
    await branchedConversation(owner.userId, 'mine');
    const { shareId } = (await owner.call<SharedLink>('POST', '/api/share/mine', {})).json;
    expect((await other.call('POST', '/api/share/mine', {})).status).toBe(404);
    expect((await other.call('GET', '/api/share/link/mine')).status).toBe(404);
    expect((await other.call('PATCH', `/api/share/${shareId}`)).status).toBe(404);
    expect((await other.call('DELETE', `/api/share/${shareId}`)).status).toBe(404);
    expect((await other.call<{ links: SharedLink[] }>('GET', '/api/share')).json.links).toEqual([]);
    expect((await api().client().request('GET', `/api/share/${shareId}`)).status).toBe(200);
    expect((await api().client().request('GET', '/api/share')).status).toBe(401);
  });
});
