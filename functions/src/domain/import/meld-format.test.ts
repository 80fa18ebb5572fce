import { NO_PARENT } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { fixture, importFile, parentText } from './__fixtures__/import-fixture.ts';

const QUESTION = 'What is a closure in JavaScript?';
const FIRST_ANSWER = 'A closure is a function bundled with its lexical scope.';
const EXAMPLE = 'Show an example.';
const CODE = 'const counter = () => { let n = 0; return () => ++n; };';

describe('Meld and LibreChat export import', () => {
  it('imports a flat, branched export with the settings of its options', async () => {
    const { result, conversations, messages } = await importFile(fixture('librechat-flat-export.json'));
    expect(result).toEqual({ format: 'Meld', imported: 1, failed: 0 });
    const conversation = conversations[0]!;
    expect(conversation).toMatchObject({
      title: 'Explain closures',
      endpoint: 'openAI',
      model: 'gpt-4o',
      temperature: 0.7,
      promptPrefix: 'Answer like a patient teacher.',
      createdAt: '2025-03-01T10:00:00.000Z',
      updatedAt: '2025-03-01T10:02:04.000Z',
    });
    // Out of Meld's range (and not settings at all): left behind.
    expect(conversation).not.toHaveProperty('maxContextTokens');
    expect(conversation.conversationId).not.toBe('0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d');
    expect(messages.map((message) => [message.text, parentText(messages, message), message.isCreatedByUser, message.sender])).toEqual([
      [QUESTION, null, true, 'User'],
      [FIRST_ANSWER, QUESTION, false, 'GPT-4o'],
      ['', QUESTION, false, 'GPT-4o'],
      [EXAMPLE, '', true, 'User'],
      [CODE, EXAMPLE, false, 'GPT-4o'],
    ]);
    expect(messages[0]!.parentMessageId).toBe(NO_PARENT);
    expect(messages[4]!.finish_reason).toBe('stop');
  });

  it('keeps portable content parts and drops file references of the exporting server', async () => {
    const { messages } = await importFile(fixture('librechat-flat-export.json'));
    expect(messages[2]!.content).toEqual([
      { type: 'think', think: 'Keep it short.' },
      { type: 'text', text: 'It is a function that remembers where it was made.' },
    ]);
    expect(messages.some((message) => 'files' in message || 'user' in message || '_id' in message)).toBe(false);
  });

  it('imports a recursive tree export with top-level settings', async () => {
    const { conversations, messages } = await importFile(fixture('librechat-tree-export.json'));
    expect(conversations[0]).toMatchObject({ title: 'Explain closures (tree)', endpoint: 'anthropic', model: 'claude-3-5-sonnet-20241022', temperature: 0.5 });
    expect(messages.map((message) => [message.text, parentText(messages, message)])).toEqual([
      [QUESTION, null],
      [FIRST_ANSWER, QUESTION],
      ['', QUESTION],
      [EXAMPLE, ''],
      [CODE, EXAMPLE],
    ]);
  });

  it('moves the children of an empty message up to its parent', async () => {
    const file = {
      conversationId: 'c',
      title: 'Gap',
      messages: [
        { messageId: 'm1', parentMessageId: NO_PARENT, text: 'Hi', isCreatedByUser: true },
        { messageId: 'm2', parentMessageId: 'm1', text: '', isCreatedByUser: false },
        { messageId: 'm3', parentMessageId: 'm2', text: 'Still here', isCreatedByUser: false },
      ],
    };
    const { messages } = await importFile(file);
    expect(messages.map((message) => [message.text, parentText(messages, message), message.sender])).toEqual([
      ['Hi', null, 'User'],
      ['Still here', 'Hi', 'Assistant'],
    ]);
  });

  it('fails the conversation when a message has no id', async () => {
    const file = { conversationId: 'c', title: 'Broken', messages: [{ parentMessageId: NO_PARENT, text: 'Hi' }] };
    await expect(importFile(file)).rejects.toMatchObject({ kind: 'unprocessable', message: 'The conversation in this file could not be read.' });
  });
});
