import { NO_PARENT, type AskEvent, type Conversation, type Message } from '@meld/shared';
import { describe, expect, it, vi } from 'vitest';
import { ProviderError, type ChatProvider, type StreamEvent } from '../../providers/llm/types.ts';
import { replayProgress, type ProgressEvent, type RunningGeneration } from './reply-progress.ts';
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

/** Streams `events` with `delayMs` before each, as a model that takes its time. */
function slowProvider(events: StreamEvent[], delayMs: number): ChatProvider {
  return {
    endpoint: 'openAI',
    async *stream() {
      for (const event of events) {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        yield event;
      }
    },
  };
}

function memoryDeps() {
  const saved: Message[] = [];
  const running = new Set<string>();
  /** Every write, and the account check, in order. */
  const steps: string[] = [];
  const checkpoints: { seq: number; events: ProgressEvent[] }[] = [];
  const generations: RunningGeneration[] = [];
  let stored: typeof conversation | undefined = conversation;
  const deps: StreamReplyDeps = {
    putMessage: async (_user, message) => void (saved.push(message), steps.push('message')),
    updateConversation: async (_user, _id, change) => (steps.push('conversation'), (stored = stored && change(stored))),
    markRunning: async (_user, generation) => void (running.add(generation.responseMessageId), generations.push(generation)),
    clearRunning: async (_user, generation) => void running.delete(generation.responseMessageId),
    isAbortRequested: async () => false,
    sweepIfAccountDeleted: async () => (steps.push('account checked'), false),
    purgeConversation: async (_user, id) => void steps.push(`purge ${id}`),
    progress: { append: async (_user, _generation, seq, events) => void checkpoints.push({ seq, events }), intervalMs: 20, failed: () => undefined },
    now: () => new Date('2026-01-01T00:01:00.000Z'),
    abortPollMs: 10,
  };
  return { deps, saved, running, steps, checkpoints, generations, stored: () => stored, deleteConversation: () => void (stored = undefined) };
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

  it('charges the balance before the final event, whose arrival has the browser ask for the balance again', async () => {
    const { deps } = memoryDeps();
    const order: string[] = [];
    const answer = provider([{ type: 'text', text: 'Blue.' }, { type: 'usage', promptTokens: 5, completionTokens: 2 }, { type: 'done', finishReason: 'stop' }]);
    await streamReply(turn, answer, (event) => void (event.type === 'final' && order.push('final')), deps, {
      onSaved: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push('charged');
      },
    });
    expect(order).toEqual(['charged', 'final']);
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

  it('keeps a title the member chose while the title was being written, and replaces only a stand-in', async () => {
    for (const [before, after] of [
      ['Budget for spring', 'Budget for spring'],
      ['Why is the sky blue?', 'Why the Sky Is Blue'],
    ]) {
      const { deps, stored } = memoryDeps();
      const events: AskEvent[] = [];
      // The member renames the conversation (or the client's gen_title fallback lands) while the model writes the title.
      const titler: ChatProvider = {
        endpoint: 'openAI',
        async *stream() {
          await deps.updateConversation('u', 'c1', (current) => ({ ...current, title: before! }));
          yield* [{ type: 'text', text: 'Why the Sky Is Blue' }, { type: 'done', finishReason: 'stop' }] satisfies StreamEvent[];
        },
      };
      const answer = provider([{ type: 'text', text: 'Rayleigh scattering.' }, { type: 'done', finishReason: 'stop' }]);
      await streamReply(turn, answer, (event) => events.push(event), deps, { titleSource: { provider: titler, model: 'gpt-4o-mini', timeoutMs: 1000 } });
      expect(stored()?.title).toBe(after);
      expect(events.at(-1)).toEqual({ type: 'title', conversationId: 'c1', title: after });
    }
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

  describe('checkpoints of the reply in progress (decision 0039)', () => {
    const words = Array.from({ length: 12 }, (_, i) => ({ type: 'text' as const, text: ` w${i}` }));

    it('writes the first promptly, then at most one per interval, and the checkpoints replay to the saved reply', async () => {
      const { deps, saved, checkpoints } = memoryDeps();
      const writtenAt: number[] = [];
      let started = 0;
      deps.progress = { ...deps.progress, intervalMs: 100, append: async (_user, _generation, seq, events) => void (writtenAt.push(Date.now() - started), checkpoints.push({ seq, events })) };
      const think = { type: 'think' as const, text: 'Hmm.' };
      // The model's pauses, the checkpoint timer and the clock are all fake: the cadence is exact.
      vi.useFakeTimers();
      started = Date.now();
      try {
        const reply = streamReply(turn, slowProvider([think, ...words, { type: 'done', finishReason: 'stop' }], 25), () => undefined, deps);
        await vi.advanceTimersByTimeAsync(1_000);
        await reply;
        const after = checkpoints.length;
        await vi.advanceTimersByTimeAsync(1_000);
        expect(checkpoints.length, 'nothing is written once the reply has settled').toBe(after);
      } finally {
        vi.useRealTimers();
      }
      expect(checkpoints.map((checkpoint) => checkpoint.seq)).toEqual(checkpoints.map((_, index) => index));
      // 13 deltas 25 ms apart: the first checkpoint as the first token arrives, then one per 100 ms.
      expect(writtenAt).toEqual([26, 126, 226, 326]); // setTimeout(0) waits 1 ms
      // Consecutive deltas of one kind travel as one event.
      expect(checkpoints[0]!.events[0]).toEqual({ kind: 'think', text: 'Hmm.' });
      const replayed = replayProgress([], checkpoints.map((checkpoint) => checkpoint.events));
      expect(saved[0]!.content!.slice(0, 1)).toEqual([{ type: 'think', think: 'Hmm.' }]);
      expect(saved[0]!.text.startsWith(replayed.text())).toBe(true);
      expect(replayed.text().length).toBeGreaterThan(0);
    });

    it('records what a reader needs on the generation: the reply’s run, abort endpoint, sender and model', async () => {
      const { deps, generations } = memoryDeps();
      await streamReply({ ...turn, settings: { endpoint: 'Ollama', endpointType: 'custom', model: 'llama3', modelLabel: 'Llama' } }, provider([{ type: 'done', finishReason: 'stop' }]), () => undefined, deps);
      await streamReply(turn, provider([{ type: 'done', finishReason: 'stop' }]), () => undefined, deps);
      expect(generations[0]).toMatchObject({ conversationId: 'c1', requestMessageId: 'm1', responseMessageId: 'r1', startedAt: '2026-01-01T00:01:00.000Z', abortEndpoint: 'custom', sender: 'Llama', model: 'llama3', endpoint: 'Ollama', continues: false });
      expect(generations[1]).toMatchObject({ abortEndpoint: 'openAI', sender: 'openAI', model: 'gpt-4o', endpoint: 'openAI' });
      expect(generations[0]!.runId).not.toBe(generations[1]!.runId);
    });

    it('keeps streaming and saving when a checkpoint fails, and sends its events with the next one under the same number', async () => {
      const { deps, saved, checkpoints } = memoryDeps();
      const failures: unknown[] = [];
      let calls = 0;
      deps.progress = {
        intervalMs: 60,
        failed: (error) => void failures.push(error),
        append: async (_user, _generation, seq, events) => {
          calls += 1;
          if (calls === 1) throw new Error('ProvisionedThroughputExceededException');
          checkpoints.push({ seq, events });
        },
      };
      const events: AskEvent[] = [];
      vi.useFakeTimers();
      try {
        const reply = streamReply(turn, slowProvider([...words, { type: 'done', finishReason: 'stop' }], 25), (event) => events.push(event), deps);
        await vi.advanceTimersByTimeAsync(1_000);
        await reply;
      } finally {
        vi.useRealTimers();
      }
      expect(failures).toHaveLength(1);
      expect(events.map((event) => event.type)).not.toContain('error');
      expect(saved[0]).toMatchObject({ finish_reason: 'stop', text: words.map((word) => word.text).join('') });
      expect(checkpoints[0]!.seq).toBe(0);
      expect(checkpoints[0]!.events[0]).toEqual({ kind: 'text', text: expect.stringMatching(/^ w0 w1/) });
    });

    it('checkpoints a continued reply’s new words only, and part sets by index', async () => {
      const { deps, checkpoints, generations } = memoryDeps();
      const partial: Message = { messageId: 'r0', conversationId: 'c1', parentMessageId: 'm1', text: 'The sky', content: [{ type: 'text', text: 'The sky' }], sender: 'openAI', isCreatedByUser: false, unfinished: true, createdAt: at, updatedAt: at };
      const refusal = slowProvider([{ type: 'text', text: ' is' }, { type: 'refusal', text: 'No more.' }, { type: 'done', finishReason: 'refused' }], 40);
      vi.useFakeTimers();
      try {
        const reply = streamReply({ ...turn, isNew: false, responseMessageId: 'r0', continued: partial }, refusal, () => undefined, deps);
        await vi.advanceTimersByTimeAsync(1_000);
        await reply;
      } finally {
        vi.useRealTimers();
      }
      expect(generations[0]).toMatchObject({ continues: true, responseMessageId: 'r0' });
      const replayed = replayProgress(partial.content!, checkpoints.map((checkpoint) => checkpoint.events));
      expect(replayed.parts).toEqual([{ type: 'text', text: 'The sky is' }, { type: 'refusal', refusal: 'No more.' }]);
    });
  });
});
