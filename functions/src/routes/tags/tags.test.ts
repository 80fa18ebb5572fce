import type { Conversation, Tag } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { getConversation, putConversations } from '../../store/conversation-store.ts';
import { dbCalls, signUp, useApi } from '../api-test-kit.ts';

const api = useApi();

const member = () => signUp(api().client());

const at = '2026-01-01T00:00:00.000Z';
function conversation(userId: string, id: string, tags: string[] = [], extra: Partial<Conversation> = {}): Conversation {
  return { conversationId: id, title: `Talk ${id}`, user: userId, isArchived: false, tags, endpoint: 'openAI', createdAt: at, updatedAt: at, ...extra };
}

const names = (tags: Tag[]) => tags.map((tag) => [tag.tag, tag.count, tag.position]);
const tagPath = (tag: string) => `/api/tags/${encodeURIComponent(tag)}`;

describe('tags', () => {
  it('creates tags at the end of the order and lists them by position, in one read', async () => {
    const { call } = await member();
    const first = await call<Tag>('POST', '/api/tags', { tag: 'work', description: 'Job things' });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ tag: 'work', description: 'Job things', count: 0, position: 0 });
    // the role's bookmark permission, the tag list's length, the claim
    expect(dbCalls(first)).toBe(4);
    await call('POST', '/api/tags', { tag: 'ideas' });
    const list = await call<Tag[]>('GET', '/api/tags');
    expect(names(list.json)).toEqual([['work', 0, 0], ['ideas', 0, 1]]);
    expect(dbCalls(list)).toBe(2);
  });

  it('answers 409 for a tag the user already has, and 400 for an empty name', async () => {
    const { call } = await member();
    await call('POST', '/api/tags', { tag: 'work' });
    const again = await call('POST', '/api/tags', { tag: 'work' });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'CONFLICT', field: 'tag' });
    expect((await call('POST', '/api/tags', { tag: '   ' })).status).toBe(400);
  });

  it('puts a new tag on the given conversation and counts it; an unknown conversation creates nothing', async () => {
    const { userId, call } = await member();
    await putConversations(userId, [conversation(userId, 'c1')]);
    const created = await call<Tag>('POST', '/api/tags', { tag: 'later', conversationId: 'c1' });
    expect(created.json).toMatchObject({ tag: 'later', count: 1 });
    expect((await getConversation(userId, 'c1'))?.tags).toEqual(['later']);
    const missing = await call('POST', '/api/tags', { tag: 'nowhere', conversationId: 'no-such-conversation' });
    expect(missing.status).toBe(404);
    expect(names((await call<Tag[]>('GET', '/api/tags')).json)).toEqual([['later', 1, 0]]);
  });

  it('renames a tag on every conversation carrying it, archived ones too, keeping its count', async () => {
    const { userId, call } = await member();
    await putConversations(userId, [conversation(userId, 'c1'), conversation(userId, 'c2', [], { isArchived: true }), conversation(userId, 'c3')]);
    await call('PUT', '/api/tags/convo/c1', { tags: ['old name', 'keep'] });
    await call('PUT', '/api/tags/convo/c2', { tags: ['old name'] });
    const odd = 'ünï/cødé & spaces ✓';
    const renamed = await call<Tag>('PUT', tagPath('old name'), { tag: odd });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ tag: odd, count: 2 });
    // the role's bookmark permission, get, claim the new name, queue the conversations' rename, delete the old name: none per conversation
    expect(dbCalls(renamed)).toBe(6);
    await api().jobsSettled();
    expect((await getConversation(userId, 'c1'))?.tags).toEqual([odd, 'keep']);
    expect((await getConversation(userId, 'c2'))?.tags).toEqual([odd]);
    expect((await getConversation(userId, 'c3'))?.tags).toEqual([]);
    const list = (await call<Tag[]>('GET', '/api/tags')).json;
    expect(list.map((tag) => tag.tag).sort()).toEqual(['keep', odd].sort());
    expect((await call('PUT', tagPath(odd), { tag: 'keep' })).status).toBe(409);
  });

  it('changes the description of a tag named with a slash', async () => {
    const { call } = await member();
    await call('POST', '/api/tags', { tag: 'a/b' });
    const updated = await call<Tag>('PUT', tagPath('a/b'), { description: 'Slashes survive' });
    expect(updated.json).toMatchObject({ tag: 'a/b', description: 'Slashes survive' });
  });

  it('moves a tag to a position and shifts the others, keeping positions 0..n-1', async () => {
    const { call } = await member();
    for (const tag of ['a', 'b', 'c', 'd']) await call('POST', '/api/tags', { tag });
    const moved = await call<Tag>('PUT', tagPath('d'), { position: 1 });
    expect(moved.json).toMatchObject({ tag: 'd', position: 1 });
    expect(names((await call<Tag[]>('GET', '/api/tags')).json)).toEqual([['a', 0, 0], ['d', 0, 1], ['b', 0, 2], ['c', 0, 3]]);
    await call('PUT', tagPath('a'), { position: 99 });
    expect((await call<Tag[]>('GET', '/api/tags')).json.map((tag) => [tag.tag, tag.position])).toEqual([['d', 0], ['b', 1], ['c', 2], ['a', 3]]);
  });

  it('deletes a tag from every conversation and closes the gap in the order; 404 for a tag the user does not have', async () => {
    const { userId, call } = await member();
    await putConversations(userId, [conversation(userId, 'c1'), conversation(userId, 'c2')]);
    for (const tag of ['first', 'gone', 'last']) await call('POST', '/api/tags', { tag });
    await call('PUT', '/api/tags/convo/c1', { tags: ['gone', 'first'] });
    const deleted = await call('DELETE', tagPath('gone'));
    expect(deleted.json).toEqual({ deletedCount: 1 });
    // the role's bookmark permission, find it, queue the conversations' change, delete, list, move 'last' up: none per conversation
    expect(dbCalls(deleted)).toBe(7);
    await api().jobsSettled();
    expect((await getConversation(userId, 'c1'))?.tags).toEqual(['first']);
    expect(names((await call<Tag[]>('GET', '/api/tags')).json)).toEqual([['first', 1, 0], ['last', 0, 1]]);
    expect((await call('DELETE', tagPath('gone'))).status).toBe(404);
  });
});

describe('PUT /api/tags/convo/{conversationId}', () => {
  it('replaces the tags, moves the counts, creates new tags, and leaves the conversation where it was in the recent list', async () => {
    const { userId, call } = await member();
    await putConversations(userId, [conversation(userId, 'c1'), conversation(userId, 'c2')]);
    await call('POST', '/api/tags', { tag: 'work' });
    await call('PUT', '/api/tags/convo/c2', { tags: ['work'] });
    const first = await call('PUT', '/api/tags/convo/c1', { tags: ['work', 'home', 'work'] });
    expect(first.json).toEqual(['work', 'home']);
    const second = await call('PUT', '/api/tags/convo/c1', { tags: ['home'] });
    expect(second.json).toEqual(['home']);
    expect(dbCalls(second)).toBe(5);
    expect(names((await call<Tag[]>('GET', '/api/tags')).json)).toEqual([['work', 1, 0], ['home', 1, 1]]);
    expect(Date.parse((await getConversation(userId, 'c1'))!.updatedAt) - Date.parse(at)).toBeLessThan(1000);
  });

  it('rebuilds counts that drifted from the conversations', async () => {
    const { userId, call } = await member();
    await call('POST', '/api/tags', { tag: 'stale' });
    await call('POST', '/api/tags', { tag: 'real' });
    await putConversations(userId, [conversation(userId, 'c1', ['real', 'imported']), conversation(userId, 'c2', ['real'])]);
    const rebuilt = await call<Tag[]>('POST', '/api/tags/rebuild');
    expect(names(rebuilt.json)).toEqual([['stale', 0, 0], ['real', 2, 1], ['imported', 1, 2]]);
  });
});

describe('another user’s tags', () => {
  it('are never visible or changeable: 404 on update, delete and conversation tags', async () => {
    const owner = await member();
    const other = await member();
    await putConversations(owner.userId, [conversation(owner.userId, 'mine', ['private'])]);
    await owner.call('POST', '/api/tags', { tag: 'private' });
    expect((await other.call<Tag[]>('GET', '/api/tags')).json).toEqual([]);
    expect((await other.call('PUT', tagPath('private'), { tag: 'stolen' })).status).toBe(404);
    expect((await other.call('PUT', tagPath('private'), { position: 0 })).status).toBe(404);
    expect((await other.call('DELETE', tagPath('private'))).status).toBe(404);
    expect((await other.call('PUT', '/api/tags/convo/mine', { tags: ['x'] })).status).toBe(404);
    expect((await other.call('POST', '/api/tags', { tag: 'x', conversationId: 'mine' })).status).toBe(404);
    expect((await getConversation(owner.userId, 'mine'))?.tags).toEqual(['private']);
    expect(names((await owner.call<Tag[]>('GET', '/api/tags')).json)).toEqual([['private', 0, 0]]);
  });

  it('answers 401 signed out', async () => {
    expect((await api().client().request('GET', '/api/tags')).status).toBe(401);
  });
});
