import { describe, expect, it } from 'vitest';
import { fixture, IMPORT_NOW, importFile, parentText } from './__fixtures__/import-fixture.ts';

describe('Chatbot UI export import', () => {
  it('imports each history entry as a linear conversation with its model and prompt', async () => {
    const { result, conversations, messagesOf } = await importFile(fixture('chatbot-ui-export.json'));
    expect(result).toEqual({ format: 'Chatbot UI', imported: 2, failed: 0 });
    const regex = conversations[0]!;
    expect(regex).toMatchObject({ title: 'Regex help', endpoint: 'openAI', model: 'gpt-4', promptPrefix: 'You are a precise assistant.', temperature: 0.3 });
    const messages = messagesOf(regex);
    expect(messages.map((message) => [message.text, parentText(messages, message), message.sender, message.isCreatedByUser])).toEqual([
      ['Match a UK postcode.', null, 'User', true],
      ['Try `^[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}$`.', 'Match a UK postcode.', 'GPT-4', false],
      ['Case-insensitive?', 'Try `^[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}$`.', 'User', true],
      ['Add the `i` flag.', 'Case-insensitive?', 'GPT-4', false],
    ]);
    // The export has no times: messages follow the import time, a millisecond apart.
    expect(messages.map((message) => Date.parse(message.createdAt) - IMPORT_NOW.getTime())).toEqual([0, 1, 2, 3]);
  });

  it('drops a setting outside Meld’s range instead of the conversation', async () => {
    const { conversations } = await importFile(fixture('chatbot-ui-export.json'));
    expect(conversations[1]!.title).toBe('Dinner ideas');
    expect(conversations[1]!.temperature).toBeUndefined();
    expect(conversations[1]!.model).toBe('gpt-3.5-turbo');
  });

  it('gives a conversation whose export names no model Chatbot UI’s default, not another endpoint’s', async () => {
    const file = { version: 4, history: [{ id: 'a', name: 'No model', messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }], prompt: '', folderId: null }], folders: [], prompts: [] };
    const { conversations, messages } = await importFile(file);
    expect(conversations[0]).toMatchObject({ endpoint: 'openAI', model: 'gpt-3.5-turbo' });
    expect(messages[1]!.model).toBe('gpt-3.5-turbo');
  });

  it('reads the version 1 shape, whose model may be a bare id', async () => {
    const v1 = { version: 1, history: [{ id: 'a', name: 'Old', model: 'gpt-3.5-turbo', messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }] }] };
    const { conversations, messages } = await importFile(v1);
    expect(conversations[0]).toMatchObject({ title: 'Old', model: 'gpt-3.5-turbo' });
    expect(messages.map((message) => message.sender)).toEqual(['User', 'ChatGPT']);
  });
});
