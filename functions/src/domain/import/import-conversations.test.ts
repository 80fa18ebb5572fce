import { describe, expect, it } from 'vitest';
import { fixture, importFile } from './__fixtures__/import-fixture.ts';
import { importMessage } from './import-conversations.ts';

describe('importConversations', () => {
  it('refuses a file whose name does not end in .json, whatever it holds', async () => {
    await expect(importFile(fixture('chatbot-ui-export.json'), 'export.txt')).rejects.toMatchObject({
      kind: 'invalid',
      message: 'Only .json files can be imported',
      field: 'file',
    });
  });

  it('refuses a .json file that is not JSON with the same message', async () => {
    await expect(importFile('{"title": "cut', 'export.json')).rejects.toMatchObject({ kind: 'invalid', message: 'Only .json files can be imported' });
  });

  it('answers exactly "Unsupported import type" for JSON of no known shape', async () => {
    for (const data of [{ hello: 'world' }, [], [{ title: 'no mapping' }], '"just a string"', null, 42]) {
      await expect(importFile(data)).rejects.toMatchObject({ kind: 'invalid', message: 'Unsupported import type' });
    }
  });

  it('reads a file that starts with a byte-order mark, and an upper-case extension', async () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fixture('chatbot-ui-export.json')]);
    const { result } = await importFile(withBom, 'EXPORT.JSON');
    expect(result.imported).toBe(2);
  });

  it('is unprocessable when no conversation of the file can be read, and saves nothing', async () => {
    const broken = [{ title: 'a', mapping: { x: { message: { author: { role: 'user' }, content: 1 } } } }, { title: 'b', mapping: {} }];
    await expect(importFile(broken)).rejects.toMatchObject({ kind: 'unprocessable', message: 'None of the 2 conversations in this file could be read.' });
    await expect(importFile({ version: 4, history: [] })).rejects.toMatchObject({ kind: 'unprocessable', message: 'The file holds no conversations.' });
  });

  it('cuts a long title and names an untitled conversation', async () => {
    const conversation = (title: string | null) => ({ conversationId: 'c', title, messages: [{ messageId: 'm', parentMessageId: null, text: 'Hi', isCreatedByUser: true }] });
    const long = await importFile(conversation(`  A ${'very '.repeat(40)}long\ntitle  `));
    expect(long.conversations[0]!.title).toHaveLength(100);
    expect(long.conversations[0]!.title.startsWith('A very very')).toBe(true);
    const untitled = await importFile(conversation(null));
    expect(untitled.conversations[0]!.title).toBe('Imported conversation');
  });

  it('words the result for the user', () => {
    expect(importMessage({ format: 'ChatGPT', imported: 1, failed: 0 })).toBe('Imported 1 conversation');
    expect(importMessage({ format: 'ChatGPT', imported: 3, failed: 2 })).toBe('Imported 3 conversations; 2 could not be read');
  });
});
