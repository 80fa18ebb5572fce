import type { Conversation, SharedLink, Tag } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { getAllMessages } from '../../store/message-store.ts';
import { dbCalls, indexesSettled, useApi } from '../api-test-kit.ts';
import { seedConversation, signUp, type Member } from './__fixtures__/members.ts';

const api = useApi();

type Page = { conversations: Conversation[]; nextCursor: string | null };
const at = (minute: number) => new Date(Date.UTC(2026, 0, 10, 9, minute)).toISOString();

/** The list once its index has caught up with the writes before it (within a second in AWS; the writes' answers carry what changed). */
async function listTitles(member: Member, query = '') {
  await indexesSettled();
  const response = await member.call<Page>('GET', `/api/convos${query}`);
  expect(response.status).toBe(200);
  return response.json.conversations.map((c) => c.title);
}

async function tagCounts(member: Member) {
  const tags = (await member.call<Tag[]>('GET', '/api/tags')).json;
  return Object.fromEntries(tags.map((tag) => [tag.tag, tag.count]));
}

describe('GET /api/convos', () => {
  it('lists the member’s active conversations, recently updated first, with one query; archived ones apart', async () => {
    const member = await signUp(api().client());
    await seedConversation(member.userId, { title: 'Older', updatedAt: at(1) });
    await seedConversation(member.userId, { title: 'Newer', updatedAt: at(2) });
    await seedConversation(member.userId, { title: 'Put away', updatedAt: at(3), isArchived: true });
    const response = await member.call<Page>('GET', '/api/convos');
    expect(response.json).toEqual({ conversations: [expect.objectContaining({ title: 'Newer' }), expect.objectContaining({ title: 'Older' })], nextCursor: null });
    expect(dbCalls(response)).toBe(2);
    expect(await listTitles(member, '?isArchived=true')).toEqual(['Put away']);
  });

  it('pages with nextCursor, one query per page, and sorts by title or creation', async () => {
    const member = await signUp(api().client());
    for (const [i, title] of ['banana', 'Apple', 'cherry'].entries()) await seedConversation(member.userId, { title, createdAt: at(i), updatedAt: at(10 - i) });
    const first = await member.call<Page>('GET', '/api/convos?limit=2');
    expect(first.json.conversations.map((c) => c.title)).toEqual(['banana', 'Apple']);
    const second = await member.call<Page>('GET', `/api/convos?limit=2&cursor=${first.json.nextCursor}`);
    expect(second.json.conversations.map((c) => c.title)).toEqual(['cherry']);
    expect([dbCalls(first), dbCalls(second)]).toEqual([2, 2]);
    expect(await listTitles(member, '?sortBy=title&sortDirection=asc')).toEqual(['Apple', 'banana', 'cherry']);
    expect(await listTitles(member, '?sortBy=createdAt&sortDirection=desc')).toEqual(['cherry', 'Apple', 'banana']);
  });

  it('keeps to conversations carrying every tag given, comma-separated', async () => {
    const member = await signUp(api().client());
    await seedConversation(member.userId, { title: 'Both', tags: ['travel', 'family'], updatedAt: at(1) });
    await seedConversation(member.userId, { title: 'Travel only', tags: ['travel'], updatedAt: at(2) });
    await seedConversation(member.userId, { title: 'None', updatedAt: at(3) });
    expect(await listTitles(member, '?tags=travel')).toEqual(['Travel only', 'Both']);
    expect(await listTitles(member, '?tags=travel,family')).toEqual(['Both']);
  });

  it('answers 400 to a cursor it did not make, and to a search while search is turned off', async () => {
    const member = await signUp(api().client());
    const forged = await member.call('GET', '/api/convos?cursor=bm90LWEtY3Vyc29y');
    expect(forged.status).toBe(400);
    expect(forged.json).toMatchObject({ field: 'cursor' });
    const search = await member.call('GET', '/api/convos?search=lisbon');
    expect(search.status).toBe(400);
    expect(search.json).toMatchObject({ field: 'search' });
    expect((await member.call('GET', '/api/search/enable')).json).toBe(false);
  });
});

describe('GET /api/convos/{conversationId}', () => {
  it('returns the conversation with one read, and 404 for an unknown id', async () => {
    const member = await signUp(api().client());
    const { conversation } = await seedConversation(member.userId, { temperature: 0.3, tags: ['travel'] });
    const response = await member.call('GET', `/api/convos/${conversation.conversationId}`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual(conversation);
    expect(dbCalls(response)).toBe(2);
    expect((await member.call('GET', '/api/convos/no-such-conversation')).status).toBe(404);
  });
});

describe('POST /api/convos/update', () => {
  it('renames with the title trimmed and moves the conversation to the top of the list', async () => {
    const member = await signUp(api().client());
    const { conversation } = await seedConversation(member.userId, { title: 'First', updatedAt: at(1) });
    await seedConversation(member.userId, { title: 'Second', updatedAt: at(2) });
    const before = Date.now();
    const response = await member.call<Conversation>('POST', '/api/convos/update', { arg: { conversationId: conversation.conversationId, title: '  Lisbon, day one  ' } });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ conversationId: conversation.conversationId, title: 'Lisbon, day one', endpoint: 'openAI' });
    expect(Date.parse(response.json.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await listTitles(member)).toEqual(['Lisbon, day one', 'Second']);
  });

  it('archives into the archive list and restores from it', async () => {
    const member = await signUp(api().client());
    const { conversation } = await seedConversation(member.userId, { title: 'Trip' });
    const archive = (isArchived: boolean) => member.call<Conversation>('POST', '/api/convos/update', { arg: { conversationId: conversation.conversationId, isArchived } });
    expect((await archive(true)).json.isArchived).toBe(true);
    expect(await listTitles(member)).toEqual([]);
    expect(await listTitles(member, '?isArchived=true')).toEqual(['Trip']);
    await archive(false);
    expect(await listTitles(member)).toEqual(['Trip']);
    expect(await listTitles(member, '?isArchived=true')).toEqual([]);
  });

  it('answers 400 for an empty or too long title or nothing to change, and 404 for an unknown conversation', async () => {
    const member = await signUp(api().client());
    const { conversation } = await seedConversation(member.userId);
    const update = (arg: object) => member.call('POST', '/api/convos/update', { arg: { conversationId: conversation.conversationId, ...arg } });
    expect((await update({ title: '   ' })).json).toMatchObject({ field: 'arg.title' });
    expect((await update({ title: 'x'.repeat(101) })).status).toBe(400);
    expect((await update({})).status).toBe(400);
    expect((await member.call('POST', '/api/convos/update', { arg: { conversationId: 'nope', title: 'New' } })).status).toBe(404);
    expect((await member.call<Conversation>('GET', `/api/convos/${conversation.conversationId}`)).json.title).toBe('Lisbon weekend');
  });
});

describe('DELETE /api/convos', () => {
  it('deletes the conversation, its messages, its shared link, and lowers its tags’ counts', async () => {
    const member = await signUp(api().client());
    const { conversation } = await seedConversation(member.userId);
    const other = await seedConversation(member.userId, { title: 'Keep me' });
    const id = conversation.conversationId;
    await member.call('PUT', `/api/tags/convo/${id}`, { tags: ['travel', 'family'] });
    await member.call('PUT', `/api/tags/convo/${other.conversation.conversationId}`, { tags: ['travel'] });
    const share = await member.call<SharedLink>('POST', `/api/share/${id}`, {});
    expect(share.status).toBe(201);
    expect(await tagCounts(member)).toEqual({ travel: 2, family: 1 });

    const response = await member.call('DELETE', '/api/convos', { arg: { conversationId: id, source: 'button' } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ deletedCount: 1 });
    expect((await member.call('GET', `/api/convos/${id}`)).status).toBe(404);
    // The messages go in the background worker's purge (decision 0034).
    await api().jobsSettled();
    expect(await getAllMessages(member.userId, id)).toEqual([]);
    expect((await api().client().request('GET', `/api/share/${share.json.shareId}`)).status).toBe(404);
    expect(await tagCounts(member)).toEqual({ travel: 1, family: 0 });
    expect(await listTitles(member)).toEqual(['Keep me']);
    expect(await getAllMessages(member.userId, other.conversation.conversationId)).toHaveLength(11);
  });

  it('answers 404 for a conversation that does not exist', async () => {
    const member = await signUp(api().client());
    const response = await member.call('DELETE', '/api/convos', { arg: { conversationId: 'nope' } });
    expect(response.status).toBe(404);
  });
});

describe('DELETE /api/convos/all', () => {
  it('deletes every conversation, archived ones too, with their messages and links, and tags count zero', async () => {
    const member = await signUp(api().client());
    const kept = await signUp(api().client());
    const mine = [await seedConversation(member.userId), await seedConversation(member.userId, { isArchived: true }), await seedConversation(member.userId)];
    await member.call('PUT', `/api/tags/convo/${mine[0]!.conversation.conversationId}`, { tags: ['travel'] });
    await member.call('PUT', `/api/tags/convo/${mine[2]!.conversation.conversationId}`, { tags: ['travel', 'work'] });
    const share = await member.call<SharedLink>('POST', `/api/share/${mine[0]!.conversation.conversationId}`, {});
    const theirs = await seedConversation(kept.userId);

    const response = await member.call('DELETE', '/api/convos/all');
    expect(response.json).toEqual({ deletedCount: 3 });
    expect(await listTitles(member)).toEqual([]);
    expect(await listTitles(member, '?isArchived=true')).toEqual([]);
    await api().jobsSettled();
    for (const { conversation } of mine) expect(await getAllMessages(member.userId, conversation.conversationId)).toEqual([]);
    expect((await api().client().request('GET', `/api/share/${share.json.shareId}`)).status).toBe(404);
    expect(await tagCounts(member)).toEqual({ travel: 0, work: 0 });
    expect(await getAllMessages(kept.userId, theirs.conversation.conversationId)).toHaveLength(11);
  });
});
