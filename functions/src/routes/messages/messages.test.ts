import type { Conversation, Message } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { branchedTree } from '../../domain/conversations/__fixtures__/branched-tree.ts';
import { getMessage } from '../../store/message-store.ts';
import { dbCalls, indexesSettled, useApi } from '../api-test-kit.ts';
import { seedConversation, signUp } from '../convos/__fixtures__/members.ts';

const api = useApi();

describe('GET /api/messages/{conversationId}', () => {
  it('returns every message oldest first, in two calls (the conversation, then one query)', async () => {
    const member = await signUp(api().client());
    const { conversation, messages } = await seedConversation(member.userId, {}, (id) => branchedTree(id).reverse());
    const response = await member.call<Message[]>('GET', `/api/messages/${conversation.conversationId}`);
    expect(response.status).toBe(200);
    expect(response.json.map((message) => message.messageId)).toEqual([...messages].reverse().map((message) => message.messageId));
    expect(response.json[0]).toEqual(messages.at(-1));
    expect(dbCalls(response)).toBe(3);
  });

  it('answers an empty list for a conversation without messages, and 404 for an unknown one', async () => {
    const member = await signUp(api().client());
    const { conversation } = await seedConversation(member.userId, {}, () => []);
    expect((await member.call('GET', `/api/messages/${conversation.conversationId}`)).json).toEqual([]);
    expect((await member.call('GET', '/api/messages/no-such-conversation')).status).toBe(404);
  });

  it('returns a reply too large for the table whole', async () => {
    const member = await signUp(api().client());
    const long = 'Lisbon has seven hills. '.repeat(20_000);
    const { conversation } = await seedConversation(member.userId, {}, (id) => branchedTree(id).slice(0, 2).map((m, i) => (i === 1 ? { ...m, text: long } : m)));
    const response = await member.call<Message[]>('GET', `/api/messages/${conversation.conversationId}`);
    expect(response.json[1]!.text).toBe(long);
  });
});

describe('GET /api/messages/{conversationId}/{messageId}', () => {
  it('returns one message, reading it and its conversation, and 404 for an unknown one or one whose conversation was deleted', async () => {
    const member = await signUp(api().client());
    const { conversation, messages } = await seedConversation(member.userId);
    const response = await member.call('GET', `/api/messages/${conversation.conversationId}/m3b`);
    expect(response.json).toEqual(messages.find((message) => message.messageId === 'm3b'));
    expect(dbCalls(response)).toBe(3);
    expect((await member.call('GET', `/api/messages/${conversation.conversationId}/nope`)).status).toBe(404);
    // Gone at once, before the worker has purged its messages.
    await member.call('DELETE', '/api/convos', { arg: { conversationId: conversation.conversationId } });
    expect((await member.call('GET', `/api/messages/${conversation.conversationId}/m3b`)).status).toBe(404);
    expect((await member.call('PUT', `/api/messages/${conversation.conversationId}/m3b`, { text: 'Too late', model: 'gpt-4o' })).status).toBe(404);
  });
});

describe('PUT /api/messages/{conversationId}/{messageId}', () => {
  it('saves the new text, stamps updatedAt, and moves the conversation up the list', async () => {
    const member = await signUp(api().client());
    const { conversation } = await seedConversation(member.userId, { title: 'Edited', updatedAt: '2026-01-01T00:00:00.000Z' });
    await seedConversation(member.userId, { title: 'Newer', updatedAt: '2026-01-05T00:00:00.000Z' });
    const before = Date.now();
    const response = await member.call<Message>('PUT', `/api/messages/${conversation.conversationId}/m3`, { text: 'What about Sintra?', model: 'gpt-4o' });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ messageId: 'm3', text: 'What about Sintra?', parentMessageId: 'm2' });
    expect(Date.parse(response.json.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await getMessage(member.userId, conversation.conversationId, 'm3')).toEqual(response.json);
    // The list reads an index, which in AWS has the change within a second.
    await indexesSettled();
    const list = await member.call<{ conversations: Conversation[] }>('GET', '/api/convos');
    expect(list.json.conversations.map((c) => c.title)).toEqual(['Edited', 'Newer']);
    // One of them the address's ban (a chat route, decision 0011); the conversation is read beside the message.
    expect(dbCalls(response)).toBe(7);
  });

  it('edits one text part of a reply made of parts, keeping the text in step', async () => {
    const member = await signUp(api().client());
    const parts = [{ type: 'think', think: 'History first.' }, { type: 'text', text: 'Start at Belém.' }, { type: 'text', text: 'Then Alfama.' }];
    const { conversation } = await seedConversation(member.userId, {}, (id) => branchedTree(id).slice(0, 2).map((m, i) => (i === 1 ? { ...m, content: parts, text: '' } : m)));
    const path = `/api/messages/${conversation.conversationId}/m2`;
    const response = await member.call<Message>('PUT', path, { text: 'Then Graça.', index: 2 });
    expect(response.json.content).toEqual([parts[0], parts[1], { type: 'text', text: 'Then Graça.' }]);
    expect(response.json.text).toBe('Start at Belém.\n\nThen Graça.');
    const wrongPart = await member.call('PUT', path, { text: 'x', index: 0 });
    expect(wrongPart.status).toBe(400);
    expect(wrongPart.json).toMatchObject({ field: 'index' });
  });

  it('answers 400 for empty text and 404 for an unknown message, changing nothing', async () => {
    const member = await signUp(api().client());
    const { conversation, messages } = await seedConversation(member.userId);
    const empty = await member.call('PUT', `/api/messages/${conversation.conversationId}/m3`, { text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ field: 'text' });
    expect((await member.call('PUT', `/api/messages/${conversation.conversationId}/nope`, { text: 'Hi' })).status).toBe(404);
    expect(await getMessage(member.userId, conversation.conversationId, 'm3')).toEqual(messages.find((message) => message.messageId === 'm3'));
  });
});
