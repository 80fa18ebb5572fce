import type { AskEvent, Conversation, Message } from '@meld/shared';
import { NO_PARENT } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { DEMO_CLOSING } from '../../providers/llm/demo.ts';
import { registerMember, useApi } from '../api-test-kit.ts';
import { askStream } from './ask-stream-client.ts';

/** Slow enough that a reply takes about a second, so there is a "mid-reply" to act in. */
const api = useApi({ env: { MELD_DEMO_WORD_DELAY_MS: '30' } });

async function member() {
  const { token } = await registerMember(api().client());
  const headers = { authorization: `Bearer ${token}` };
  const call = <T>(method: string, path: string, json?: unknown) => api().client().request<T>(method, path, { headers, ...(json === undefined ? {} : { json }) });
  const ask = (json: object, onEvent?: (event: AskEvent) => void | 'close') =>
    askStream(api().baseUrl, '/api/ask/demo', token, { model: 'meld-demo', endpoint: 'demo', ...json }, onEvent);
  return { token, call, ask };
}

type Final = Extract<AskEvent, { type: 'final' }>;
const finalOf = (events: { event: AskEvent }[]) => events.map(({ event }) => event).find((event): event is Final => event.type === 'final');

async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('POST /api/ask/{endpoint}', () => {
  it('streams a new conversation reply progressively and saves the conversation and both messages', async () => {
    const { ask, call } = await member();
    const response = await ask({ text: 'Tell me about the ocean tides tonight please, in detail', conversationId: null });
    expect(response.status).toBe(200);
    const types = response.events.map(({ event }) => event.type);
    expect(types[0]).toBe('created');
    expect(types.slice(-2)).toEqual(['final', 'title']);
    const deltas = response.events.filter(({ event }) => event.type === 'delta');
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.at(-1)!.at - deltas[0]!.at).toBeGreaterThan(500);

    const final = finalOf(response.events)!;
    const title = response.events.map(({ event }) => event).find((event) => event.type === 'title');
    expect(title).toMatchObject({ title: 'Tell me about the ocean tides tonight please,' });
    expect(final.requestMessage).toMatchObject({ parentMessageId: NO_PARENT, isCreatedByUser: true, text: 'Tell me about the ocean tides tonight please, in detail' });
    expect(final.responseMessage).toMatchObject({ parentMessageId: final.requestMessage.messageId, finish_reason: 'stop', sender: 'demo', endpoint: 'demo', model: 'meld-demo' });
    expect(final.responseMessage.text).toBe(deltas.map(({ event }) => (event as { text: string }).text).join(''));
    expect(final.responseMessage.content).toEqual([{ type: 'text', text: final.responseMessage.text }]);

    const conversationId = final.conversation.conversationId;
    const messages = await call<Message[]>('GET', `/api/messages/${conversationId}`);
    expect(messages.json.map((message) => message.messageId).sort()).toEqual([final.requestMessage.messageId, final.responseMessage.messageId].sort());
    const conversation = await call<Conversation>('GET', `/api/convos/${conversationId}`);
    expect(conversation.json).toMatchObject({ title: 'Tell me about the ocean tides tonight please,', endpoint: 'demo', model: 'meld-demo' });
  });

  it('answers a follow-up from its branch and keeps the client message id', async () => {
    const { ask } = await member();
    const first = finalOf((await ask({ text: 'first question', conversationId: null })).events)!;
    const messageId = crypto.randomUUID();
    const second = await ask({ text: 'second question', conversationId: first.conversation.conversationId, parentMessageId: first.responseMessage.messageId, messageId });
    const final = finalOf(second.events)!;
    expect(second.events.map(({ event }) => event.type)).not.toContain('title');
    expect(final.requestMessage).toMatchObject({ messageId, parentMessageId: first.responseMessage.messageId });
    expect(final.responseMessage.text).toContain('You wrote "second question"');
    expect(final.conversation.title).toBe('first question');
  });

  it('regenerates a sibling reply to the same user message', async () => {
    const { ask, call } = await member();
    const first = finalOf((await ask({ text: 'say it twice', conversationId: null })).events)!;
    const conversationId = first.conversation.conversationId;
    const again = finalOf((await ask({ text: 'say it twice', conversationId, parentMessageId: first.requestMessage.messageId, isRegenerate: true })).events)!;
    expect(again.requestMessage.messageId).toBe(first.requestMessage.messageId);
    expect(again.responseMessage.messageId).not.toBe(first.responseMessage.messageId);
    const messages = (await call<Message[]>('GET', `/api/messages/${conversationId}`)).json;
    expect(messages).toHaveLength(3);
    expect(messages.filter((message) => message.parentMessageId === first.requestMessage.messageId)).toHaveLength(2);
  });

  it('stops mid-reply on abort, keeps the partial reply as unfinished and still sends final', async () => {
    const { ask, call } = await member();
    let abort: Promise<[{ json: unknown }, { json: unknown }]> | undefined;
    let conversationId = '';
    let messageId = '';
    const response = await ask({ text: 'a long answer please', conversationId: null }, (event) => {
      if (event.type === 'created') ({ conversationId, message: { messageId } } = event);
      if (event.type === 'delta' && !abort) {
        const stop = (json: object) => call('POST', '/api/ask/demo/abort', json);
        abort = stop({ conversationId, messageId: 'another-message' }).then(async (other) => [other, await stop({ conversationId, messageId })]);
      }
    });
    const [other, own] = await abort!;
    expect(other.json).toEqual({ aborted: false });
    expect(own.json).toEqual({ aborted: true });
    const final = finalOf(response.events)!;
    expect(final.responseMessage).toMatchObject({ unfinished: true, finish_reason: 'incomplete' });
    expect(final.responseMessage.text.length).toBeGreaterThan(0);
    expect(final.responseMessage.text).not.toContain(DEMO_CLOSING);
    const saved = (await call<Message[]>('GET', `/api/messages/${conversationId}`)).json.find((message) => !message.isCreatedByUser);
    expect(saved).toMatchObject({ unfinished: true, finish_reason: 'incomplete', text: final.responseMessage.text });
    expect((await call('POST', '/api/ask/demo/abort', { conversationId })).json).toEqual({ aborted: false });
  });

  it('finishes and saves the whole reply when the client closes mid-stream', async () => {
    const { ask, call } = await member();
    let conversationId = '';
    const response = await ask({ text: 'going away now', conversationId: null }, (event) => {
      if (event.type === 'created') conversationId = event.conversationId;
      return event.type === 'delta' ? 'close' : undefined;
    });
    expect(finalOf(response.events)).toBeUndefined();
    const reply = await eventually(async () => (await call<Message[]>('GET', `/api/messages/${conversationId}`)).json.find((message) => !message.isCreatedByUser));
    expect(reply).toMatchObject({ finish_reason: 'stop' });
    expect(reply.text).toContain(DEMO_CLOSING);
    const conversation = await eventually(async () => {
      const current = (await call<Conversation>('GET', `/api/convos/${conversationId}`)).json;
      return current.title === 'going away now' ? current : undefined;
    });
    expect(conversation.updatedAt >= reply.createdAt).toBe(true);
  });

  it("answers another user's conversation with a JSON 404 before streaming", async () => {
    const owner = await member();
    const stranger = await member();
    const first = finalOf((await owner.ask({ text: 'mine', conversationId: null })).events)!;
    const response = await stranger.ask({ text: 'let me in', conversationId: first.conversation.conversationId, parentMessageId: first.responseMessage.messageId });
    expect(response.status).toBe(404);
    expect(response.contentType).toMatch(/application\/json/);
    expect(JSON.parse(response.text)).toMatchObject({ code: 'NOT_FOUND' });
    expect((await stranger.call('POST', '/api/ask/demo/abort', { conversationId: first.conversation.conversationId })).json).toEqual({ aborted: false });
  });

  it('answers a bad body with a JSON 400 naming the field', async () => {
    const { ask } = await member();
    const response = await ask({ text: '   ', conversationId: null });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({ field: 'text' });
  });

  it('refuses an endpoint that is not configured before streaming', async () => {
    const { token } = await member();
    const response = await askStream(api().baseUrl, '/api/ask/openAI', token, { model: 'gpt-4o', text: 'hello', conversationId: null });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({ field: 'endpoint' });
  });
});

describe('GET /api/endpoints and /api/models', () => {
  it('lists the offline demo, labelled as such, with its models', async () => {
    const { call } = await member();
    expect((await call('GET', '/api/endpoints')).json).toEqual({ demo: { type: 'demo', label: 'Offline demo', order: 0, userProvide: false, demo: true, visionModels: ['meld-demo'] } });
    expect((await call('GET', '/api/models')).json).toEqual({ demo: ['meld-demo'] });
  });
});
