import { IMPORT_LIMITS, NO_PARENT } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { importFile } from './__fixtures__/import-fixture.ts';

/** A Meld export of one root and `branches` replies to it, each a message of its own. */
function wideConversation(branches: number, title = 'Wide') {
  const root = { messageId: 'r', parentMessageId: NO_PARENT, text: 'root', isCreatedByUser: true };
  return { conversationId: 'c', title, messages: [root, ...Array.from({ length: branches }, (_, i) => ({ messageId: `b${i}`, parentMessageId: 'r', text: 'x' }))] };
}

/** ChatGPT conversations of `messages` linked nodes each. */
function chatGptFile(conversations: number, messages: number) {
  return Array.from({ length: conversations }, (_, c) => ({
    title: `Chat ${c}`,
    mapping: Object.fromEntries(
      Array.from({ length: messages }, (_, i) => [`n${i}`, { parent: i ? `n${i - 1}` : null, message: { author: { role: i % 2 ? 'assistant' : 'user' }, content: { content_type: 'text', parts: ['hi'] } } }]),
    ),
  }));
}

describe('import bounds', () => {
  it('refuses one root with 60,000 branches, naming the messages-per-conversation limit', async () => {
    await expect(importFile(wideConversation(60_000, 'Many branches'))).rejects.toMatchObject({
      kind: 'too-large',
      code: 'PAYLOAD_TOO_LARGE',
      field: 'file',
      message: 'The conversation “Many branches” has 60,001 messages; an import takes at most 10,000 messages per conversation.',
    });
  });

  it('imports a conversation of exactly 10,000 messages', async () => {
    const { result, messages } = await importFile(wideConversation(IMPORT_LIMITS.maxMessagesPerConversation - 1));
    expect(result.imported).toBe(1);
    expect(messages).toHaveLength(10_000);
  });

  it('counts a ChatGPT conversation by its nodes and a Claude one by its messages', async () => {
    await expect(importFile(chatGptFile(1, 10_001))).rejects.toMatchObject({ kind: 'too-large', message: expect.stringContaining('has 10,001 messages') });
    const claude = [{ name: 'Long', chat_messages: Array.from({ length: 10_001 }, (_, i) => ({ uuid: `u${i}`, sender: i % 2 ? 'assistant' : 'human', text: 'hi' })) }];
    await expect(importFile(claude)).rejects.toMatchObject({ message: 'The conversation “Long” has 10,001 messages; an import takes at most 10,000 messages per conversation.' });
  });

  it('counts the nodes of a recursive tree export however deep it nests', async () => {
    // Written out by hand: JSON.stringify itself recurses too deep for this.
    const depth = 10_000;
    const nodes = Array.from({ length: depth }, (_, i) => `{"messageId":"m${i}","text":"x","children":[`).join('');
    const json = `{"conversationId":"c","title":"Deep","recursive":true,"messages":[${nodes}{"messageId":"leaf","text":"x"}${']}'.repeat(depth)}]}`;
    await expect(importFile(json)).rejects.toMatchObject({ message: expect.stringContaining('has 10,001 messages') });
  });

  it('refuses more than 5,000 conversations in one file, naming that limit', async () => {
    const history = Array.from({ length: 5_001 }, (_, i) => ({ name: `Chat ${i}`, messages: [{ role: 'user', content: 'hi' }] }));
    await expect(importFile({ version: 4, history })).rejects.toMatchObject({
      kind: 'too-large',
      message: 'This file holds 5,001 conversations; an import takes at most 5,000 conversations per file.',
    });
    const { result } = await importFile({ version: 4, history: history.slice(0, 5_000) });
    expect(result.imported).toBe(5_000);
  });

  it('refuses more than 15,000 messages in one file, each conversation within its own limit', async () => {
    await expect(importFile(chatGptFile(2, 8_000))).rejects.toMatchObject({
      kind: 'too-large',
      message: 'This file holds 16,000 messages; an import takes at most 15,000 messages per file. Split it and import each part.',
    });
  });

  it('refuses a file over 4 MB before reading it, naming that limit', async () => {
    const big = Buffer.alloc(IMPORT_LIMITS.maxBytes + 1, 0x20);
    await expect(importFile(big)).rejects.toMatchObject({ kind: 'too-large', message: 'An import file must be at most 4 MB.' });
  });

  it('saves nothing from a file over a bound', async () => {
    const saved: unknown[] = [];
    const { importConversations } = await import('./import-conversations.ts');
    const deps = { userId: 'u', newId: () => 'id', now: new Date(), saveConversations: async (_: string, items: unknown[]) => void saved.push(...items), saveMessages: async (_: string, items: unknown[]) => void saved.push(...items) };
    await expect(importConversations({ filename: 'export.json', data: Buffer.from(JSON.stringify(wideConversation(10_000))) }, deps)).rejects.toMatchObject({ kind: 'too-large' });
    expect(saved).toEqual([]);
  });
});
