import { NO_PARENT } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { fixture, importFile, parentText } from './__fixtures__/import-fixture.ts';

const iso = (seconds: number) => new Date(Math.round(seconds * 1000)).toISOString();

describe('ChatGPT conversations.json import', () => {
  it('imports every conversation of the file', async () => {
    const { result, conversations } = await importFile(fixture('chatgpt-conversations.json'), 'conversations.json');
    expect(result).toEqual({ format: 'ChatGPT', imported: 2, failed: 0 });
    expect(conversations.map((conversation) => conversation.title)).toEqual(['Weekend in Lisbon', 'Sorting numbers']);
  });

  it('keeps both branches of an edited prompt and skips the null root, system and empty nodes', async () => {
    const { conversations, messagesOf } = await importFile(fixture('chatgpt-conversations.json'));
    const lisbon = conversations[0]!;
    const messages = messagesOf(lisbon);
    expect(messages.map((message) => [message.text, parentText(messages, message), message.isCreatedByUser, message.sender, message.model])).toEqual([
      ['Plan a weekend in Lisbon for two.', null, true, 'User', null],
      ['Day 1: Alfama and the castle. Day 2: Belém and a sunset in Bairro Alto.', 'Plan a weekend in Lisbon for two.', false, 'ChatGPT', 'gpt-4o'],
      ['Make it cheaper.', 'Day 1: Alfama and the castle. Day 2: Belém and a sunset in Bairro Alto.', true, 'User', null],
      ['Budget version: walk everywhere, eat at tascas, and take the 28 tram once.', 'Make it cheaper.', false, 'ChatGPT', 'gpt-4o'],
      ['Make it more relaxed.', 'Day 1: Alfama and the castle. Day 2: Belém and a sunset in Bairro Alto.', true, 'User', null],
      // Its parent in the file is an empty assistant node, which is skipped.
      ['Relaxed version: one neighbourhood a day, long lunches, and a ferry to Cacilhas.', 'Make it more relaxed.', false, 'ChatGPT', 'gpt-4o'],
    ]);
    expect(messages[0]!.parentMessageId).toBe(NO_PARENT);
    expect(messages.map((message) => message.createdAt)).toEqual([
      iso(1732270000.123),
      iso(1732270004.5),
      iso(1732270100),
      iso(1732270103.25),
      iso(1732270200),
      iso(1732270206.75),
    ]);
    expect(lisbon).toMatchObject({
      endpoint: 'openAI',
      model: 'gpt-4o',
      user: 'user-1',
      isArchived: false,
      tags: [],
      createdAt: iso(1732269999.9),
      updatedAt: iso(1732270207),
    });
  });

  it('gives every conversation and message a new id, linked within the conversation', async () => {
    const { conversations, messages } = await importFile(fixture('chatgpt-conversations.json'));
    const ids = [...conversations.map((conversation) => conversation.conversationId), ...messages.map((message) => message.messageId)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^id-\d+$/.test(id))).toBe(true);
    for (const message of messages) {
      if (message.parentMessageId === NO_PARENT) continue;
      const parent = messages.find((candidate) => candidate.messageId === message.parentMessageId);
      expect(parent?.conversationId).toBe(message.conversationId);
    }
  });

  it('renders images, code and tool output as text and leaves out the hidden custom instructions', async () => {
    const { conversations, messagesOf } = await importFile(fixture('chatgpt-conversations.json'));
    const messages = messagesOf(conversations[1]!);
    expect(messages.map((message) => [message.text, parentText(messages, message), message.isCreatedByUser])).toEqual([
      ['[Image]\n\nSort the numbers in this photo.', null, true],
      ['```\nprint(sorted([42, 7, 19]))\n```', '[Image]\n\nSort the numbers in this photo.', false],
      ['Output:\n```\n[7, 19, 42]\n```', '```\nprint(sorted([42, 7, 19]))\n```', false],
      ['In order: 7, 19, 42.', 'Output:\n```\n[7, 19, 42]\n```', false],
    ]);
  });

  it('skips a conversation it cannot read and imports the rest', async () => {
    const file = JSON.parse(fixture('chatgpt-conversations.json').toString('utf8')) as object[];
    const broken = { title: 'Broken', create_time: 1732270000, mapping: { a: { message: { author: {}, content: 'not an object' } } } };
    const onlySystem = { title: 'Only a system prompt', mapping: { s: { message: { author: { role: 'system' }, content: { content_type: 'text', parts: ['Hi'] } }, parent: null } } };
    const { result, conversations } = await importFile([broken, file[0], onlySystem]);
    expect(result).toMatchObject({ imported: 1, failed: 2 });
    expect(conversations.map((conversation) => conversation.title)).toEqual(['Weekend in Lisbon']);
  });

  it('imports messages without times in tree order, after the conversation start', async () => {
    const mapping = {
      root: { message: null, parent: null, children: ['q'] },
      q: { message: { author: { role: 'user' }, content: { content_type: 'text', parts: ['Question'] } }, parent: 'root', children: ['a'] },
      a: { message: { author: { role: 'assistant' }, content: { content_type: 'text', parts: ['Answer'] } }, parent: 'q', children: [] },
    };
    const { messages } = await importFile([{ title: 'No times', create_time: 1700000000, mapping }]);
    expect(messages.map((message) => [message.text, message.createdAt])).toEqual([
      ['Question', '2023-11-14T22:13:20.000Z'],
      ['Answer', '2023-11-14T22:13:20.001Z'],
    ]);
  });
});
