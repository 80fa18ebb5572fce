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

  it('renders code and tool output as text, marks the image, and leaves out the hidden custom instructions', async () => {
    const { conversations, messagesOf } = await importFile(fixture('chatgpt-conversations.json'));
    const messages = messagesOf(conversations[1]!);
    expect(messages.map((message) => [message.text, parentText(messages, message), message.isCreatedByUser])).toEqual([
      ['[Image not imported]\n\nSort the numbers in this photo.', null, true],
      ['```\nprint(sorted([42, 7, 19]))\n```', '[Image not imported]\n\nSort the numbers in this photo.', false],
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

describe('ChatGPT tools, browsing, citations and files', () => {
  const ANSWER =
    'Signal Sciences was founded in 2014 by Andrew Peterson, Nick Galbreath and Zane Lackey 🚀 ' +
    '([Signal Sciences - Crunchbase Company Profile & Funding](https://www.crunchbase.com/organization/signal-sciences)) ' +
    '([Demand More from Your WAF \\[Fastly\\]](https://www.signalsciences.com/)). Fastly bought it in 2020 ' +
    '([Fastly Completes Acquisition of Signal Sciences | Fastly](https://www.fastly.com/press/press-releases/fastly-completes-acquisition-signal-sciences)).';

  it('keeps browsing, quotes, code, output and tool errors as blocks, each in its place in the tree', async () => {
    const { conversations, messagesOf } = await importFile(fixture('chatgpt-tools-citations.json'), 'conversations.json');
    const messages = messagesOf(conversations[0]!);
    expect(messages.map((message) => [message.text, message.isCreatedByUser])).toEqual([
      ['Who founded Signal Sciences, and who owns it now?', true],
      ['```\nsearch("Signal Sciences founders")\n```', false],
      ['Browsing results:\n```\n# 【0†Signal Sciences - Crunchbase Company Profile & Funding†www.crunchbase.com】\nFounded Date Mar 10, 2014. Founders Andrew Peterson, Nick Galbreath, Zane Lackey.\n```', false],
      [
        'Quote from [Fastly Completes Acquisition of Signal Sciences](https://www.fastly.com/press/press-releases/fastly-completes-acquisition-signal-sciences):\n\n' +
          '> Fastly, Inc. today announced it has successfully completed the acquisition of Signal Sciences.\n> The transaction combines their security offerings.',
        false,
      ],
      [ANSWER, false],
      ['[Image not imported: whiteboard.png]\n\nCount the boxes on this whiteboard, and read my notes.\n\n[File not imported: meeting notes.pdf]', true],
      // The code holds a fence of its own, so the block's fence is longer.
      ['````python\nboxes = 3\nprint(f"```{boxes}```")\n````', false],
      ['Output:\n````\n```3```\n````', false],
      ['Error (ToolError):\n```\nCould not read meeting notes.pdf\n```', false],
      ['There are 3 boxes. I could not open the notes.', false],
    ]);
    // Each follows the one before; the hidden memory note between the quote and the answer is skipped.
    expect(messages.slice(1).map((message, i) => parentText(messages, message) === messages[i]!.text)).toEqual(Array(9).fill(true));
  });

  it('turns citation markers into links, finding them by text when the offsets count code points', async () => {
    const { messages } = await importFile(fixture('chatgpt-tools-citations.json'));
    const answer = messages.find((message) => message.text.startsWith('Signal Sciences was founded'))!;
    expect(answer.text).toBe(ANSWER);
    expect(answer.text).not.toContain('【');
  });

  it('links newer content references, never to a script URL, and drops markers with no source', async () => {
    const { conversations, messagesOf } = await importFile(fixture('chatgpt-tools-citations.json'));
    const reply = messagesOf(conversations[1]!).at(-1)!;
    expect(reply.text).toBe("Lisbon's tram 28 still runs ([Tram 28 (route)](https://www.carris.pt/en/tram-28/)) and costs €3.20.");
  });

  it('keeps the reasoning of a thinking model as a think part and leaves out its recap', async () => {
    const { conversations, messagesOf } = await importFile(fixture('chatgpt-tools-citations.json'));
    const messages = messagesOf(conversations[1]!);
    expect(messages.map((message) => [message.text, message.content ?? null, parentText(messages, message)])).toEqual([
      ['Is the tram worth it?', null, null],
      ['', [{ type: 'think', think: '**Checking fares**\n\nThe user asks about tram 28; look up the fare.' }], 'Is the tram worth it?'],
      [expect.stringContaining('tram 28 still runs'), null, ''],
    ]);
  });

  it('takes the model from the messages when the conversation names none, else a ChatGPT model', async () => {
    const { conversations, messagesOf } = await importFile(fixture('chatgpt-tools-citations.json'));
    const [research, tram] = conversations;
    expect(research).toMatchObject({ endpoint: 'openAI', model: 'gpt-4' });
    expect(new Set(messagesOf(research!).filter((message) => !message.isCreatedByUser).map((message) => message.model))).toEqual(new Set(['gpt-4']));
    // `auto` is ChatGPT's own router, not a model.
    expect(tram).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o' });
    expect(messagesOf(tram!).at(-1)!.model).toBe('gpt-4o');
  });
});
