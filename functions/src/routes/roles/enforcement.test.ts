import type { AskEvent, Conversation, Message, Tag } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { TEMPORARY_CHAT_DAYS } from '../../domain/chat/temporary-chat.ts';
import { keys } from '../../store/keys.ts';
import { putConversation } from '../../store/conversation-store.ts';
import { setRolePermissions } from '../../store/role-store.ts';
import { table } from '../../store/table.ts';
import { indexesSettled, useApi } from '../api-test-kit.ts';
import { askStream } from '../ask/ask-stream-client.ts';
import { memberWithRole } from './role-test-kit.ts';

const api = useApi({ config: { search: { enabled: true } } });

type Final = Extract<AskEvent, { type: 'final' }>;
const finalOf = (events: { event: AskEvent }[]) => events.map(({ event }) => event).find((event): event is Final => event.type === 'final');

async function chatter(role: 'USER' | 'MENTOR') {
  const member = await memberWithRole(api().client(), role);
  const ask = (json: object) => askStream(api().baseUrl, '/api/ask/demo', member.token, { model: 'meld-demo', endpoint: 'demo', conversationId: null, ...json });
  // The list is an index query, which in AWS has a new conversation within a second.
  const listed = async (query = '') => {
    await indexesSettled();
    return (await member.call<{ conversations: Conversation[] }>('GET', `/api/convos${query}`)).json.conversations.map((c) => c.conversationId);
  };
  return { ...member, ask, listed };
}

describe('bookmarks need BOOKMARKS/USE', () => {
  it('refuses a role without it to create, rename, apply, delete or rebuild bookmarks (403), and still lists the ones it has', async () => {
    const mentor = await chatter('MENTOR');
    await putConversation(mentor.userId, { conversationId: 'c1', title: 'Talk', user: mentor.userId, isArchived: false, tags: [], endpoint: 'demo', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' });
    expect((await mentor.call('POST', '/api/tags', { tag: 'work' })).status).toBe(201);

    await setRolePermissions('MENTOR', 'BOOKMARKS', { USE: false }, new Date().toISOString());
    const refused = await mentor.call('POST', '/api/tags', { tag: 'ideas' });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'FORBIDDEN', message: 'Your role cannot use bookmarks' });
    expect((await mentor.call('PUT', '/api/tags/work', { tag: 'job' })).status).toBe(403);
    expect((await mentor.call('PUT', '/api/tags/convo/c1', { tags: ['work'] })).status).toBe(403);
    expect((await mentor.call('DELETE', '/api/tags/work')).status).toBe(403);
    expect((await mentor.call('POST', '/api/tags/rebuild')).status).toBe(403);
    const list = await mentor.call<Tag[]>('GET', '/api/tags');
    expect(list.json.map((tag) => tag.tag)).toEqual(['work']);

    // Another role keeps its default.
    const member = await chatter('USER');
    expect((await member.call('POST', '/api/tags', { tag: 'ideas' })).status).toBe(201);

    await setRolePermissions('MENTOR', 'BOOKMARKS', { USE: true }, new Date().toISOString());
    expect((await mentor.call('POST', '/api/tags', { tag: 'ideas' })).status).toBe(201);
  });
});

describe('temporary chats', () => {
  it('stay out of the conversation list and search, open by their id, and expire after 30 days', async () => {
    const member = await chatter('USER');
    const kept = finalOf((await member.ask({ text: 'Lighthouse keepers of the north coast' })).events)!;
    const started = Date.now();
    const response = await member.ask({ text: 'Lighthouse keepers of the south coast', isTemporary: true });
    expect(response.status).toBe(200);
    const final = finalOf(response.events)!;
    const id = final.conversation.conversationId;
    const expiry = Date.parse(final.conversation.expiredAt!);
    expect(expiry - started).toBeGreaterThan(TEMPORARY_CHAT_DAYS * 86_400_000 - 60_000);
    expect(expiry - started).toBeLessThan(TEMPORARY_CHAT_DAYS * 86_400_000 + 60_000);

    const followUp = finalOf((await member.ask({ text: 'And their lamps?', conversationId: id, parentMessageId: final.responseMessage.messageId })).events)!;
    expect(followUp.conversation.conversationId).toBe(id);

    expect(await member.listed()).toEqual([kept.conversation.conversationId]);
    expect(await member.listed('?sortBy=title&sortDirection=asc')).toEqual([kept.conversation.conversationId]);
    expect(await member.listed('?search=lighthouse')).toEqual([kept.conversation.conversationId]);

    const opened = await member.call<Conversation>('GET', `/api/convos/${id}`);
    expect(opened.status).toBe(200);
    expect(opened.json.expiredAt).toBe(final.conversation.expiredAt);
    const messages = await member.call<Message[]>('GET', `/api/messages/${id}`);
    expect(messages.json).toHaveLength(4);
    expect(messages.json.every((message) => message.expiredAt === final.conversation.expiredAt)).toBe(true);
    // A public link would outlive it.
    const share = await member.call('POST', `/api/share/${id}`, {});
    expect(share.status).toBe(422);
    expect(share.json.message).toBe('A temporary chat cannot be shared');

    // The table's TTL deletes the conversation and its messages.
    const ttl = Math.floor(expiry / 1000);
    expect((await table.get<{ expiresAt?: number }>(keys.conversation(member.userId, id)))?.expiresAt).toBe(ttl);
    expect((await table.get<{ expiresAt?: number }>(keys.message(member.userId, id, followUp.responseMessage.messageId)))?.expiresAt).toBe(ttl);
  });

  it('is gone once expired, even before the table deletes it', async () => {
    const member = await chatter('USER');
    const at = '2026-01-01T00:00:00.000Z';
    await putConversation(member.userId, { conversationId: 'old-temp', title: 'Old', user: member.userId, isArchived: false, tags: [], endpoint: 'demo', expiredAt: '2026-01-31T00:00:00.000Z', createdAt: at, updatedAt: at });
    expect((await member.call('GET', '/api/convos/old-temp')).status).toBe(404);
    expect((await member.call('GET', '/api/messages/old-temp')).status).toBe(404);
  });

  it('cannot be started without TEMPORARY_CHAT/USE (403), which writes nothing; an ordinary chat still can', async () => {
    const mentor = await chatter('MENTOR');
    await setRolePermissions('MENTOR', 'TEMPORARY_CHAT', { USE: false }, new Date().toISOString());
    const refused = await mentor.ask({ text: 'Just between us', isTemporary: true });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toMatchObject({ code: 'FORBIDDEN', message: 'Your role cannot use temporary chats' });
    expect(refused.events).toEqual([]);

    const ordinary = await mentor.ask({ text: 'Out in the open' });
    expect(ordinary.status).toBe(200);
    expect(await mentor.listed()).toEqual([finalOf(ordinary.events)!.conversation.conversationId]);
    await setRolePermissions('MENTOR', 'TEMPORARY_CHAT', { USE: true }, new Date().toISOString());
  });
});
