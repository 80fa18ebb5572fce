import { NO_PARENT, type AskEvent, type Conversation, type Message } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { ProviderError, type ChatProvider, type StreamEvent } from '../../providers/llm/types.ts';
import type { Turn } from './start-turn.ts';
import { ReplyRefused, streamReply, type StreamReplyDeps } from './stream-reply.ts';

const at = '2026-01-01T00:00:00.000Z';
const conversation: Conversation = { conversationId: 'c1', title: 'New Chat', user: 'u', isArchived: false, tags: [], createdAt: at, updatedAt: at };
const requestMessage: Message = { messageId: 'm1', conversationId: 'c1', parentMessageId: NO_PARENT, text: 'Why is the sky blue?', sender: 'User', isCreatedByUser: true, createdAt: at, updatedAt: at };
const turn: Turn = { userId: 'u', conversation, isNew: true, requestMessage, responseMessageId: 'r1', settings: { endpoint: 'openAI', model: 'gpt-4o' }, history: [] };

function provider(events: StreamEvent[], failWith?: Error): ChatProvider {
  return {
    endpoint: 'openAI',
    async *stream() {
      yield* events;
      if (failWith) throw failWith;
    },
  };
}

function memoryDeps() {
  const saved: Message[] = [];
  const running = new Set<string>();
  /** Every write, and the account check, in order. */
  const steps: string[] = [];
  let stored: typeof conversation | undefined = conversation;
  const deps: StreamReplyDeps = {
    putMessage: async (_user, message) => void (saved.push(message), steps.push('message')),
    updateConversation: async (_user, _id, change) => (steps.push('conversation'), (stored = stored && change(stored))),
    markRunning: async (_user, generation) => void running.add(generation.responseMessageId),
    clearRunning: async (_user, generation) => void running.delete(generation.responseMessageId),
    isAbortRequested: async () => false,
    sweepIfAccountDeleted: async () => (steps.push('account checked'), false),
    purgeConversation: async (_user, id) => void steps.push(`purge ${id}`),
    now: () => new Date('2026-01-01T00:01:00.000Z'),
    abortPollMs: 10,
  };
  return { deps, saved, running, steps, stored: () => stored, deleteConversation: () => void (stored = undefined) };
}

describe('streamReply', () => {
  it('merges think and text deltas into content parts and titles a new conversation', async () => {
    const { deps, saved, running, stored } = memoryDeps();
    const events: AskEvent[] = [];
    const stream = provider([{ type: 'think', text: 'Rayleigh' }, { type: 'think', text: ' scattering' }, { type: 'text', text: 'Short' }, { type: 'text', text: ' waves.' }, { type: 'done', finishReason: 'length' }]);
    await streamReply(turn, stream, (event) => events.push(event), deps);
    expect(events.map((event) => event.type)).toEqual(['created', 'delta', 'delta', 'delta', 'delta', 'final', 'title']);
    expect(saved[0]).toMatchObject({ text: 'Short waves.', content: [{ type: 'think', think: 'Rayleigh scattering' }, { type: 'text', text: 'Short waves.' }], finish_reason: 'length', sender: 'openAI' });
    expect(saved[0]!.unfinished).toBeUndefined();
    expect(stored()).toMatchObject({ title: 'Why is the sky blue?', updatedAt: '2026-01-01T00:01:00.000Z', model: 'gpt-4o' });
    expect(running.size).toBe(0);
  });

  it('turns a provider failure into an error event and keeps the partial reply marked as an error', async () => {
    const { deps, saved, running } = memoryDeps();
    const events: AskEvent[] = [];
    await streamReply(turn, provider([{ type: 'text', text: 'Partial' }], new ProviderError('Rate limit reached', 'rate_limited', 429)), (event) => events.push(event), deps);
    expect(events).toContainEqual({ type: 'error', code: 'rate_limited', message: 'Rate limit reached' });
    expect(events.at(-1)?.type).toBe('title');
    expect(saved[0]).toMatchObject({ text: 'Partial', error: true, content: [{ type: 'text', text: 'Partial' }, { type: 'error', error: 'Rate limit reached', code: 'rate_limited' }] });
    expect(running.size).toBe(0);
  });

  it('reports an unexpected failure without its internals', async () => {
    const { deps } = memoryDeps();
    const events: AskEvent[] = [];
    await streamReply(turn, provider([], new Error('socket hang up at 10.0.0.3')), (event) => events.push(event), deps);
    expect(events).toContainEqual({ type: 'error', code: 'provider_error', message: 'The model provider failed while answering.' });
  });

  it('marks a reply that ends without done as unfinished', async () => {
    const { deps, saved } = memoryDeps();
    await streamReply(turn, provider([{ type: 'text', text: 'cut' }]), () => undefined, deps);
    expect(saved[0]).toMatchObject({ unfinished: true, finish_reason: 'incomplete' });
  });

  it('keeps the catalogue values of a provider failure in the event and the saved part', async () => {
    const { deps, saved } = memoryDeps();
    const events: AskEvent[] = [];
    const expired = new ProviderError('Your key expired', 'expired_user_key', 401, { endpoint: 'openAI', expiredAt: '2026-01-01T00:00:00.000Z' });
    await streamReply(turn, provider([], expired), (event) => events.push(event), deps);
    expect(events).toContainEqual({ type: 'error', code: 'expired_user_key', message: 'Your key expired', info: { endpoint: 'openAI', expiredAt: '2026-01-01T00:00:00.000Z' } });
    expect(saved[0]!.content).toEqual([{ type: 'error', error: 'Your key expired', code: 'expired_user_key', info: { endpoint: 'openAI', expiredAt: '2026-01-01T00:00:00.000Z' } }]);
  });

  it('streams the model’s refusal as its own part and saves it marked refused, with no error and no text', async () => {
    const { deps, saved } = memoryDeps();
    const events: AskEvent[] = [];
    const refusal = provider([{ type: 'refusal', text: "I'm sorry," }, { type: 'refusal', text: ' I can’t help with that.' }, { type: 'usage', promptTokens: 9, completionTokens: 8 }, { type: 'done', finishReason: 'refused' }]);
    await streamReply(turn, refusal, (event) => events.push(event), deps);
    expect(events.filter((event) => event.type === 'part')).toEqual([
      { type: 'part', messageId: 'r1', index: 0, part: { type: 'refusal', refusal: "I'm sorry," } },
      { type: 'part', messageId: 'r1', index: 0, part: { type: 'refusal', refusal: "I'm sorry, I can’t help with that." } },
      { type: 'part', messageId: 'r1', index: 0, part: { type: 'refusal', refusal: "I'm sorry, I can’t help with that." } },
    ]);
    expect(events.map((event) => event.type)).not.toContain('error');
    expect(saved[0]).toMatchObject({ text: '', finish_reason: 'refused', content: [{ type: 'refusal', refusal: "I'm sorry, I can’t help with that." }] });
    expect(saved[0]).not.toHaveProperty('error');
    expect(saved[0]).not.toHaveProperty('unfinished');
  });

  it('keeps the text streamed before a filter stopped the reply, then the refusal with the provider’s reason', async () => {
    const { deps, saved } = memoryDeps();
    const events: AskEvent[] = [];
    const reason = "Gemini's safety filters blocked the reply (SAFETY)";
    await streamReply(turn, provider([{ type: 'text', text: 'First, you' }, { type: 'done', finishReason: 'refused', reason }]), (event) => events.push(event), deps);
    expect(events).toContainEqual({ type: 'part', messageId: 'r1', index: 1, part: { type: 'refusal', refusal: '', reason } });
    expect(saved[0]).toMatchObject({ text: 'First, you', finish_reason: 'refused', content: [{ type: 'text', text: 'First, you' }, { type: 'refusal', refusal: '', reason }] });
  });

  it('saves a failure the provider named as the message’s error with that reason', async () => {
    const { deps, saved } = memoryDeps();
    const events: AskEvent[] = [];
    const failure = new ProviderError('Gemini wrote a function call it could not complete (MALFORMED_FUNCTION_CALL)', 'google_error');
    await streamReply(turn, provider([{ type: 'usage', promptTokens: 74, completionTokens: 0 }], failure), (event) => events.push(event), deps);
    expect(events).toContainEqual({ type: 'error', code: 'google_error', message: 'Gemini wrote a function call it could not complete (MALFORMED_FUNCTION_CALL)' });
    expect(saved[0]).toMatchObject({ error: true, finish_reason: null, content: [{ type: 'error', code: 'google_error', error: 'Gemini wrote a function call it could not complete (MALFORMED_FUNCTION_CALL)' }] });
  });

  it('extends a continued reply in place, keeping its id, first parts and creation time', async () => {
    const { deps, saved } = memoryDeps();
    const partial: Message = { messageId: 'r0', conversationId: 'c1', parentMessageId: 'm1', text: 'The sky', content: [{ type: 'text', text: 'The sky' }], sender: 'openAI', isCreatedByUser: false, unfinished: true, createdAt: at, updatedAt: at };
    const continued: Turn = { ...turn, isNew: false, responseMessageId: 'r0', continued: partial };
    const events: AskEvent[] = [];
    await streamReply(continued, provider([{ type: 'text', text: ' is blue.' }, { type: 'done', finishReason: 'stop' }]), (event) => events.push(event), deps);
    expect(events).toContainEqual({ type: 'delta', messageId: 'r0', part: 'text', text: ' is blue.' });
    expect(saved[0]).toMatchObject({ messageId: 'r0', text: 'The sky is blue.', content: [{ type: 'text', text: 'The sky is blue.' }], finish_reason: 'stop', createdAt: at });
    expect(saved[0]!.unfinished).toBeUndefined();
    expect(events.map((event) => event.type)).not.toContain('title');
  });

  it('hands the saved reply and the provider usage to onSaved', async () => {
    const { deps } = memoryDeps();
    const seen: unknown[] = [];
    const stream = provider([{ type: 'text', text: 'Hi' }, { type: 'usage', promptTokens: 12, completionTokens: 3 }, { type: 'done', finishReason: 'stop' }]);
    await streamReply(turn, stream, () => undefined, deps, { onSaved: async (reply, usage) => void seen.push([reply.messageId, usage]) });
    expect(seen).toEqual([['r1', { promptTokens: 12, completionTokens: 3 }]]);
  });

  it('frees what the reply held once it is saved, before the title is written', async () => {
    const { deps } = memoryDeps();
    const order: string[] = [];
    const titler: ChatProvider = { endpoint: 'openAI', stream: () => ((order.push('title'), provider([{ type: 'text', text: 'Sky' }, { type: 'done', finishReason: 'stop' }])).stream({} as never)) };
    const answer = provider([{ type: 'text', text: 'Blue.' }, { type: 'done', finishReason: 'stop' }]);
    await streamReply(turn, answer, (event) => void (event.type === 'final' && order.push('final')), deps, {
      afterSave: async () => void order.push('freed'),
      titleSource: { provider: titler, model: 'm', timeoutMs: 1000 },
    });
    expect(order).toEqual(['final', 'freed', 'title']);
  });

  it('titles a new conversation with its model, after the final event', async () => {
    const { deps, stored } = memoryDeps();
    const events: AskEvent[] = [];
    const titler = provider([{ type: 'text', text: '"Why the Sky Is Blue."' }, { type: 'done', finishReason: 'stop' }]);
    const answer = provider([{ type: 'text', text: 'Rayleigh scattering.' }, { type: 'done', finishReason: 'stop' }]);
    await streamReply(turn, answer, (event) => events.push(event), deps, { titleSource: { provider: titler, model: 'gpt-4o-mini', timeoutMs: 1000 } });
    expect(events.slice(-2).map((event) => event.type)).toEqual(['final', 'title']);
    expect(events.at(-1)).toEqual({ type: 'title', conversationId: 'c1', title: 'Why the Sky Is Blue' });
    expect(stored()?.title).toBe('Why the Sky Is Blue');
  });

  it('ends the reply with a refusal before calling the provider, saving it as the error', async () => {
    const { deps, saved, running } = memoryDeps();
    const events: AskEvent[] = [];
    let called = false;
    const watched: ChatProvider = { endpoint: 'openAI', stream: () => ((called = true), provider([]).stream({} as never)) };
    const refuse = async () => {
      throw new ReplyRefused('token_balance', 'Insufficient Funds!', { balance: 3, promptTokens: 40, tokenCost: 40 });
    };
    let spent = false;
    await streamReply(turn, watched, (event) => events.push(event), deps, { beforeGenerate: refuse, onSaved: async () => void (spent = true) });
    expect(called).toBe(false);
    expect(spent).toBe(false);
    expect(events.map((event) => event.type)).toEqual(['created', 'error', 'final', 'title']);
    expect(events[1]).toEqual({ type: 'error', code: 'token_balance', message: 'Insufficient Funds!', info: { balance: 3, promptTokens: 40, tokenCost: 40 } });
    expect(saved[0]).toMatchObject({ error: true, content: [{ type: 'error', code: 'token_balance' }] });
    expect(running.size).toBe(0);
  });

  it('clears the running flag when the check before generating fails unexpectedly', async () => {
    const { deps, running, steps } = memoryDeps();
    const broken = async () => {
      throw new Error('table unavailable');
    };
    await expect(streamReply(turn, provider([]), () => undefined, deps, { beforeGenerate: broken })).rejects.toThrow('table unavailable');
    expect(running.size).toBe(0);
    expect(steps).toEqual(['account checked']);
  });

  it('checks the account after its last write (the title included), so a reply that outlived a deletion takes back what it saved', async () => {
    const { deps, steps } = memoryDeps();
    const answer = provider([{ type: 'text', text: 'Blue.' }, { type: 'done', finishReason: 'stop' }]);
    await streamReply(turn, answer, () => undefined, deps, { onSaved: async () => void steps.push('balance spent') });
    expect(steps).toEqual(['message', 'conversation', 'balance spent', 'conversation', 'account checked']);
  });

  it('queues the purge again for a conversation deleted while its reply streamed, so the reply is not left behind', async () => {
    const { deps, steps, deleteConversation } = memoryDeps();
    deleteConversation();
    await streamReply(turn, provider([{ type: 'text', text: 'Blue.' }, { type: 'done', finishReason: 'stop' }]), () => undefined, deps);
    expect(steps.slice(0, 3)).toEqual(['message', 'conversation', `purge ${turn.conversation.conversationId}`]);
  });
});
