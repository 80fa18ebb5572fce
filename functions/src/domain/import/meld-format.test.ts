import { NO_PARENT } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { branchTo, toTurns } from '../chat/history.ts';
import { fixture, importFile, parentText } from './__fixtures__/import-fixture.ts';

const QUESTION = 'What is a closure in JavaScript?';
const FIRST_ANSWER = 'A closure is a function bundled with its lexical scope.';
const EXAMPLE = 'Show an example.\n\n[File not imported: notes.md]';
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

  it('keeps portable content parts and marks the files of the exporting server by name', async () => {
    const { messages } = await importFile(fixture('librechat-flat-export.json'));
    expect(messages[2]!.content).toEqual([
      { type: 'think', think: 'Keep it short.' },
      { type: 'text', text: 'It is a function that remembers where it was made.' },
      { type: 'text', text: '[Image not imported: f-1.png]' },
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

describe('LibreChat agents and assistants exports', () => {
  it('keeps an agent reply whose words are only in its parts, and marks uploads and tool files by name', async () => {
    const { conversations, messages } = await importFile(fixture('librechat-agents-flat-export.json'));
    expect(conversations[0]).toMatchObject({ title: 'Quarterly report', endpoint: 'agents', agent_id: 'agent_Q3reporter', model: 'gpt-4o' });
    expect(messages.map((message) => [message.text, message.sender])).toEqual([
      ['Summarise this report.\n\n[File not imported: q3-report.pdf]', 'User'],
      ['', 'Reporter'],
      ['What drove the revenue?', 'User'],
      ['', 'Reporter'],
    ]);
    expect(messages[1]!.content).toEqual([
      { type: 'think', think: 'Find the revenue line first.' },
      { type: 'text', text: 'Revenue rose 12% to 4.1M.' },
      { type: 'tool_call', tool_call: { id: 'call_1', name: 'execute_code', args: '{"lang":"py"}', output: 'chart saved', progress: 1, type: 'tool_call' } },
      { type: 'text', text: 'Costs stayed flat.' },
      { type: 'text', text: '[File not imported: revenue.png]' },
    ]);
  });

  it('gives the model the words of imported agent replies when the conversation continues', async () => {
    const { messages } = await importFile(fixture('librechat-agents-flat-export.json'));
    const turns = toTurns({}, branchTo(messages, messages.at(-1)!));
    expect(turns).toEqual([
      { role: 'user', content: 'Summarise this report.\n\n[File not imported: q3-report.pdf]' },
      { role: 'assistant', content: 'Revenue rose 12% to 4.1M.\n\nCosts stayed flat.\n\n[File not imported: revenue.png]' },
      { role: 'user', content: 'What drove the revenue?' },
      { role: 'assistant', content: 'Mostly the new subscription tier.' },
    ]);
  });

  it('reads a legacy tree export: its chatGptLabel as the model label, an assistants reply’s { value } text', async () => {
    const { conversations, messages } = await importFile(fixture('librechat-legacy-tree-export.json'));
    expect(conversations[0]).toMatchObject({ title: 'Latin tutor', endpoint: 'openAI', model: 'gpt-4-turbo', modelLabel: 'Magister', promptPrefix: 'Teach Latin gently.', temperature: 0.4 });
    expect(messages.map((message) => [message.text, message.sender])).toEqual([
      ["How do I say 'good morning'?", 'User'],
      ['', 'Magister'],
      ["And good night?\n\n[File not imported: voice-note.webm]", 'User'],
      ['Bonam noctem.', 'Magister'],
    ]);
    expect(messages[1]!.content).toEqual([{ type: 'text', text: { value: 'Salve! Or, to many, salvete.', annotations: [] } }]);
    expect(toTurns({}, branchTo(messages, messages[3]!)).map((turn) => turn.content)).toEqual([
      "How do I say 'good morning'?",
      'Salve! Or, to many, salvete.',
      'And good night?\n\n[File not imported: voice-note.webm]',
      'Bonam noctem.',
    ]);
  });

  it('keeps a modelLabel over the legacy chatGptLabel', async () => {
    const file = { conversationId: 'c', title: 'Both', modelLabel: 'New', options: { chatGptLabel: 'Old' }, messages: [{ messageId: 'm', parentMessageId: NO_PARENT, text: 'Hi', isCreatedByUser: true }] };
    const { conversations } = await importFile(file);
    expect(conversations[0]!.modelLabel).toBe('New');
  });
});
