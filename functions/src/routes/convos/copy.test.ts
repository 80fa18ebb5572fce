import { NO_PARENT, type Conversation, type Message, type Tag } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { dbCalls, indexesSettled, useApi } from '../api-test-kit.ts';
import { nameOf, seedConversation, signUp, type Member } from './__fixtures__/members.ts';

const api = useApi();

type Copy = { conversation: Conversation };

/** Each copied message by its fixture name, with its parent's fixture name (or "root"). */
function shape(messages: Message[]): Record<string, string> {
  const byId = new Map(messages.map((message) => [message.messageId, message]));
  return Object.fromEntries(
    messages.map((message) => [nameOf(message), message.parentMessageId === NO_PARENT ? 'root' : nameOf(byId.get(message.parentMessageId)!)]),
  );
}

async function storedMessages(member: Member, conversationId: string) {
  return (await member.call<Message[]>('GET', `/api/messages/${conversationId}`)).json;
}

/** The copy as the member finds it once the worker is done: its messages, and the conversation no longer marked. */
async function finishedCopy(member: Member, conversationId: string) {
  await api().jobsSettled();
  const conversation = (await member.call<Conversation>('GET', `/api/convos/${conversationId}`)).json;
  return { conversation, messages: await storedMessages(member, conversationId) };
}

describe('POST /api/convos/duplicate', () => {
  it('copies the whole tree under new ids, titled "(copy)", at the top of the list', async () => {
    const member = await signUp(api().client());
    const { conversation, messages } = await seedConversation(member.userId, { temperature: 0.2 });
    await seedConversation(member.userId, { title: 'Newer than the source', updatedAt: new Date().toISOString() });
    const response = await member.call<Copy>('POST', '/api/convos/duplicate', { conversationId: conversation.conversationId });
    expect(response.status).toBe(201);
    expect(response.json.conversation).toMatchObject({ title: 'Lisbon weekend (copy)', temperature: 0.2, model: 'gpt-4o', isArchived: false, copying: true });
    expect(response.json.conversation.conversationId).not.toBe(conversation.conversationId);
    const copy = await finishedCopy(member, response.json.conversation.conversationId);
    expect(copy.conversation.copying).toBeUndefined();
    expect(shape(copy.messages)).toEqual(shape(messages));
    expect(copy.messages.every((message) => !messages.some((original) => original.messageId === message.messageId))).toBe(true);
    expect(copy.messages.map((message) => message.createdAt)).toEqual(messages.map((message) => message.createdAt).sort());
    // The list is an index, caught up within a second in AWS; the web puts the copy at the top itself.
    await indexesSettled();
    const list = await member.call<{ conversations: Conversation[] }>('GET', '/api/convos');
    expect(list.json.conversations[0]!.conversationId).toBe(response.json.conversation.conversationId);
    expect(await storedMessages(member, conversation.conversationId)).toHaveLength(11);
  });

  it('takes a given title, and copies the tags with their counts', async () => {
    const member = await signUp(api().client());
    const { conversation } = await seedConversation(member.userId);
    await member.call('PUT', `/api/tags/convo/${conversation.conversationId}`, { tags: ['travel'] });
    const response = await member.call<Copy>('POST', '/api/convos/duplicate', { conversationId: conversation.conversationId, title: 'Lisbon, take two' });
    expect(response.json.conversation).toMatchObject({ title: 'Lisbon, take two', tags: ['travel'] });
    const tags = (await member.call<Tag[]>('GET', '/api/tags')).json;
    expect(tags.map(({ tag, count }) => ({ tag, count }))).toEqual([{ tag: 'travel', count: 2 }]);
  });

  it('answers 404 for an unknown conversation', async () => {
    const member = await signUp(api().client());
    expect((await member.call('POST', '/api/convos/duplicate', { conversationId: 'nope' })).status).toBe(404);
  });
});

describe('POST /api/convos/fork', () => {
  async function fork(body: object) {
    const member = await signUp(api().client());
    const { conversation } = await seedConversation(member.userId, { tags: ['travel'], promptPrefix: 'Be brief.' });
    const response = await member.call<Copy>('POST', '/api/convos/fork', { conversationId: conversation.conversationId, ...body });
    return { member, source: conversation, response };
  }

  it('forks the direct path into a new conversation with the same title and settings and no tags', async () => {
    const { member, source, response } = await fork({ messageId: 'm4b', option: 'directPath' });
    expect(response.status).toBe(200);
    const { conversation } = response.json;
    expect(conversation).toMatchObject({ title: source.title, promptPrefix: 'Be brief.', tags: [], isArchived: false, copying: true });
    expect(conversation.conversationId).not.toBe(source.conversationId);
    const { messages } = await finishedCopy(member, conversation.conversationId);
    expect(shape(messages)).toEqual({ m1: 'root', m2: 'm1', m3b: 'm2', m4b: 'm3b' });
    expect(messages.every((message) => message.conversationId === conversation.conversationId)).toBe(true);
  });

  it('includes the siblings along the path with includeBranches', async () => {
    const { member, response } = await fork({ messageId: 'm3', option: 'includeBranches' });
    expect(shape((await finishedCopy(member, response.json.conversation.conversationId)).messages)).toEqual({ m1: 'root', m2: 'm1', m2b: 'm1', m3: 'm2', m3b: 'm2' });
  });

  it('takes every message down to the target’s level by default (targetLevel)', async () => {
    const { member, response } = await fork({ messageId: 'm3' });
    expect(shape((await finishedCopy(member, response.json.conversation.conversationId)).messages)).toEqual({ m1: 'root', m1x: 'root', m2: 'm1', m2b: 'm1', m2x: 'm1x', m3: 'm2', m3b: 'm2', m3c: 'm2b' });
  });

  it('starts the new conversation at the target’s level with splitAtTarget', async () => {
    const { member, response } = await fork({ messageId: 'm2', option: 'directPath', splitAtTarget: true, latestMessageId: 'm4b' });
    expect(shape((await finishedCopy(member, response.json.conversation.conversationId)).messages)).toEqual({ m2: 'root', m3b: 'm2', m4b: 'm3b' });
  });

  it('answers 400 without the latest message when splitting, and 404 for an unknown message or conversation', async () => {
    const split = await fork({ messageId: 'm2', splitAtTarget: true });
    expect(split.response.status).toBe(400);
    expect(split.response.json).toMatchObject({ field: 'latestMessageId' });
    expect((await fork({ messageId: 'nope' })).response.status).toBe(404);
    const { member } = split;
    expect((await member.call('POST', '/api/convos/fork', { conversationId: 'nope', messageId: 'm1' })).status).toBe(404);
    expect((await member.call<{ conversations: unknown[] }>('GET', '/api/convos')).json.conversations).toHaveLength(1);
  });

  it('reads the source and the shape of its tree, queues the copy and writes the new conversation', async () => {
    const { response } = await fork({ messageId: 'm3', option: 'directPath' });
    expect(dbCalls(response)).toBe(5);
  });
});
