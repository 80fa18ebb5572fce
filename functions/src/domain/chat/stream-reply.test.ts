import { NO_PARENT, type AskEvent, type Conversation, type Message } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { ProviderError, type ChatProvider, type StreamEvent } from '../../providers/llm/types.ts';
import type { Turn } from './start-turn.ts';
import { streamReply, type StreamReplyDeps } from './stream-reply.ts';

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
  let stored = conversation;
  const deps: StreamReplyDeps = {
    putMessage: async (_user, message) => void saved.push(message),
    updateConversation: async (_user, _id, change) => (stored = change(stored)),
    markRunning: async (_user, generation) => void running.add(generation.responseMessageId),
    clearRunning: async (_user, generation) => void running.delete(generation.responseMessageId),
    isAbortRequested: async () => false,
    now: () => new Date('2026-01-01T00:01:00.000Z'),
    abortPollMs: 10,
  };
  return { deps, saved, running, stored: () => stored };
}

describe('streamReply', () => {
  it('merges think and text deltas into content parts and titles a new conversation', async () => {
    const { deps, saved, running, stored } = memoryDeps();
    const events: AskEvent[] = [];
    const stream = provider([{ type: 'think', text: 'Rayleigh' }, { type: 'think', text: ' scattering' }, { type: 'text', text: 'Short' }, { type: 'text', text: ' waves.' }, { type: 'done', finishReason: 'length' }]);
    await streamReply(turn, stream, (event) => events.push(event), deps);
    expect(events.map((event) => event.type)).toEqual(['created', 'delta', 'delta', 'delta', 'delta', 'title', 'final']);
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
    expect(events.at(-1)?.type).toBe('final');
    expect(saved[0]).toMatchObject({ text: 'Partial', error: true, content: [{ type: 'text', text: 'Partial' }, { type: 'error', error: 'Rate limit reached' }] });
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
});
