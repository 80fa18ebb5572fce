import { describe, expect, it } from 'vitest';
import { fixture, importFile, parentText } from './__fixtures__/import-fixture.ts';

describe('Claude conversations.json import', () => {
  it('chains messages in file order, shows text blocks, and keeps an attachment’s text under its name', async () => {
    const { result, conversations, messagesOf } = await importFile(fixture('claude-conversations.json'), 'conversations.json');
    expect(result).toEqual({ format: 'Claude', imported: 2, failed: 0 });
    const haiku = conversations[0]!;
    expect(haiku).toMatchObject({ title: 'Haiku about autumn', endpoint: 'anthropic', createdAt: '2024-10-03T08:15:02.118Z', updatedAt: '2024-10-03T08:16:40.502Z' });
    const messages = messagesOf(haiku);
    const prompt = 'Write a haiku about autumn.\n\nAttached file notes.txt:\n```\nleaves, light, the first cold\n```';
    expect(messages.map((message) => [message.text, parentText(messages, message), message.sender, message.createdAt])).toEqual([
      [prompt, null, 'User', '2024-10-03T08:15:02.532Z'],
      ['Red leaves let go—\nthe maple keeps\nonly the wind.', prompt, 'Claude', '2024-10-03T08:15:06.009Z'],
      ['Now one about winter.', 'Red leaves let go—\nthe maple keeps\nonly the wind.', 'User', '2024-10-03T08:16:30.100Z'],
      ['Snow on the bench—\nno one has sat here\nsince the first flake.', 'Now one about winter.', 'Claude', '2024-10-03T08:16:40.400Z'],
    ]);
    expect(messages.map((message) => message.isCreatedByUser)).toEqual([true, false, true, false]);
  });

  it('follows parent_message_uuid when present, keeping regenerated replies as branches', async () => {
    const { conversations, messagesOf } = await importFile(fixture('claude-conversations.json'));
    const messages = messagesOf(conversations[1]!);
    expect(messages.map((message) => [message.text, parentText(messages, message)])).toEqual([
      ['Suggest a name for a grey cat.', null],
      ['How about Ash?', 'Suggest a name for a grey cat.'],
      ['How about Pebble?', 'Suggest a name for a grey cat.'],
      ['Pebble it is. Thanks!', 'How about Pebble?'],
    ]);
  });

  it('counts a conversation with an unknown sender as failed', async () => {
    const file = JSON.parse(fixture('claude-conversations.json').toString('utf8')) as { chat_messages: { sender: string }[] }[];
    file[0]!.chat_messages[1]!.sender = 'robot';
    const { result, conversations } = await importFile(file);
    expect(result).toMatchObject({ imported: 1, failed: 1 });
    expect(conversations[0]!.title).toBe('Naming a cat');
  });

  it('uses the text field of older exports without blocks, and drops a message of tool blocks only', async () => {
    const conversation = {
      name: 'Tools',
      chat_messages: [
        { uuid: 'q', sender: 'human', text: 'What is the weather?', created_at: '2025-01-01T10:00:00Z' },
        { uuid: 't', sender: 'assistant', text: 'This block is not supported on your current device yet.', content: [{ type: 'tool_use', name: 'weather' }], created_at: '2025-01-01T10:00:01Z' },
        { uuid: 'a', sender: 'assistant', text: '', content: [{ type: 'text', text: 'Sunny.' }], created_at: '2025-01-01T10:00:02Z' },
      ],
    };
    const { messages } = await importFile([conversation]);
    expect(messages.map((message) => [message.text, parentText(messages, message)])).toEqual([
      ['What is the weather?', null],
      ['Sunny.', 'What is the weather?'],
    ]);
  });
});

describe('Claude thinking, attachments and files', () => {
  it('keeps thinking as think parts before the reply’s text, and drops tool blocks', async () => {
    const { messages } = await importFile(fixture('claude-thinking-files.json'), 'conversations.json');
    const total = messages.find((message) => message.text === 'Your total is 600.')!;
    expect(total.content).toEqual([
      { type: 'think', think: 'Hotel 420 plus food 180 is 600.' },
      { type: 'text', text: 'Your total is 600.' },
    ]);
    const trip = messages.find((message) => message.text === 'Yes: 660 in all.')!;
    expect(trip.content).toEqual([
      { type: 'think', think: '600 plus 60 is 660; check the train fare.' },
      { type: 'text', text: 'Yes: 660 in all.' },
    ]);
  });

  it('keeps a reply cut off while thinking, as its reasoning alone, on its own branch', async () => {
    const { messages } = await importFile(fixture('claude-thinking-files.json'));
    const cut = messages.find((message) => message.content?.[0]?.think === 'Maybe also Cascais…')!;
    expect(cut).toMatchObject({ text: '', content: [{ type: 'think', think: 'Maybe also Cascais…' }], isCreatedByUser: false });
    expect(parentText(messages, cut)).toBe('Can I add a day trip to Sintra for 60?');
    expect(messages).toHaveLength(5);
  });

  it('keeps an attachment’s extracted text and names the files the export does not carry', async () => {
    const { messages } = await importFile(fixture('claude-thinking-files.json'));
    expect(messages[0]!.text).toBe(
      'Here is my budget and the hotel. What is the total?\n\n' +
        'Attached file budget.csv:\n```\nitem,cost\nhotel,420\nfood,180\n```\n\n' +
        '[File not imported: scan.pdf]\n\n' +
        '[File not imported: hotel.jpg]',
    );
    expect(messages[0]!.content).toBeUndefined();
  });
});
