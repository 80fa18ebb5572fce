import { askBody, NO_PARENT, type AskBody, type Conversation, type Message } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { startTurn, type StartTurnDeps, type TurnInput } from './start-turn.ts';

const at = '2026-01-01T00:00:00.000Z';
const conversation: Conversation = { conversationId: 'c1', title: 'Tides', user: 'u', isArchived: false, tags: [], endpoint: 'anthropic', model: 'claude-sonnet-4', createdAt: at, updatedAt: at };
const question: Message = { messageId: 'q', conversationId: 'c1', parentMessageId: NO_PARENT, text: 'How do tides work?', sender: 'User', isCreatedByUser: true, createdAt: at, updatedAt: at };
const partial: Message = { messageId: 'r', conversationId: 'c1', parentMessageId: 'q', text: 'The moon', sender: 'anthropic', isCreatedByUser: false, unfinished: true, createdAt: at, updatedAt: at };

function deps(messages: Message[] = [question, partial]) {
  const written: Message[] = [];
  let ids = 0;
  const store: StartTurnDeps = {
    getConversation: async (_user, id) => (id === 'c1' ? conversation : undefined),
    putConversation: async () => undefined,
    getAllMessages: async () => messages,
    putMessage: async (_user, message) => void written.push(message),
    newId: () => `id-${++ids}`,
    files: { getFiles: async () => [], readBytes: async () => new Uint8Array(), cacheText: async () => undefined, markAttached: async () => undefined },
  };
  return { store, written };
}

function input(body: Partial<AskBody>, endpoint = 'anthropic'): TurnInput {
  return { userId: 'u', endpoint, endpointType: null, body: askBody.parse({ text: 'go on', model: 'claude-sonnet-4', conversationId: 'c1', ...body }), now: new Date(at) };
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('startTurn', () => {
  it("refuses a parameter outside the provider's range, naming it, before writing anything", async () => {
    const { store, written } = deps();
    const error = await refusal(startTurn(input({ topK: 50, model: 'gemini-2.5-flash', parentMessageId: 'r' }, 'google'), store));
    expect(error).toMatchObject({ kind: 'invalid', field: 'topK' });
    expect(written).toEqual([]);
    await expect(startTurn(input({ temperature: 1.5, parentMessageId: 'r' }, 'openAI'), store)).resolves.toBeDefined();
  });

  it('continues the named unfinished reply: same id, history ending with the partial reply, nothing written', async () => {
    const { store, written } = deps();
    const turn = await startTurn(input({ isContinued: true, parentMessageId: 'q', responseMessageId: 'r' }), store);
    expect(turn).toMatchObject({ responseMessageId: 'r', continued: partial, requestMessage: question, isNew: false });
    expect(turn.history.at(-1)).toEqual({ role: 'assistant', content: 'The moon' });
    expect(written).toEqual([]);
  });

  it('refuses to continue a reply that is not an answer to the given message, or a failed one', async () => {
    expect((await refusal(startTurn(input({ isContinued: true, parentMessageId: 'q', responseMessageId: 'missing' }), deps().store))).kind).toBe('not-found');
    const failed = { ...partial, error: true };
    expect((await refusal(startTurn(input({ isContinued: true, parentMessageId: 'q', responseMessageId: 'r' }), deps([question, failed]).store))).field).toBe('responseMessageId');
    expect((await refusal(startTurn(input({ isContinued: true, conversationId: null, parentMessageId: 'q', responseMessageId: 'r' }), deps().store))).field).toBe('conversationId');
  });
});
