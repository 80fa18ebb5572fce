import { NO_PARENT, type Message } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from '../local/test-stack.ts';
import { itemSize, ItemTooLargeError, MAX_ITEM_BYTES } from './item-size.ts';
import { keys } from './keys.ts';
import { deleteMessagePage } from './purge-store.ts';
import { getAllMessages, getMessage, getMessagePage, INLINE_ITEM_LIMIT_BYTES, putMessage, putMessages } from './message-store.ts';
import { table } from './table.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

function message(id: string, parent: string, second: number, text: string): Message {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
  return { messageId: id, conversationId: 'c1', parentMessageId: parent, text, sender: 'User', isCreatedByUser: true, createdAt: at, updatedAt: at };
}

describe('message store', () => {
  it('returns a conversation’s messages oldest first, and only that user’s', async () => {
    await putMessages('u1', [message('m2', 'm1', 2, 'second'), message('m1', NO_PARENT, 1, 'first')]);
    await putMessages('u2', [message('m9', NO_PARENT, 3, 'someone else')]);
    expect((await getAllMessages('u1', 'c1')).map((m) => m.messageId)).toEqual(['m1', 'm2']);
    expect(await getMessage('u2', 'c1', 'm1')).toBeUndefined();
  });

  it('keeps a body over the item limit in S3 and reads it back whole', async () => {
    const huge = 'λ'.repeat(INLINE_ITEM_LIMIT_BYTES);
    await putMessages('u1', [message('big', 'm2', 4, huge)]);
    const back = await getMessage('u1', 'c1', 'big');
    expect(back?.text).toBe(huge);
    const page = await getMessagePage('u1', 'c1');
    expect(page.messages.find((m) => m.messageId === 'big')?.text.length).toBe(huge.length);
  });

  it('deletes every message of a conversation, S3 bodies included (a page at a time, as the worker does)', async () => {
    expect(await deleteMessagePage('u1', 'c1')).toBe(3);
    expect(await deleteMessagePage('u1', 'c1')).toBe(0);
    expect(await getAllMessages('u1', 'c1')).toEqual([]);
    expect(await getAllMessages('u2', 'c1')).toHaveLength(1);
  });
});

/** The message's item as DynamoDB holds it. */
const storedItem = async (id: string) => (await table.get<Record<string, unknown>>(keys.message('u3', 'c3', id), true))!;

/** 100 files as a chat message lists them (its most), each with a name of 255 characters, 3 bytes each but the extension. */
const longNamedFiles = Array.from({ length: 100 }, (_, i) => ({ file_id: `file-${i}`, filename: `${'文'.repeat(251)}.pdf`, filepath: `/api/files/u3/file-${i}`, type: 'application/pdf', bytes: 1_000_000 }));

describe('message items and DynamoDB’s 400 KB limit', () => {
  it('counts the whole item: text under the old body limit with files and attachments over 400 KB goes to S3 and reads back whole', async () => {
    const attachments = Array.from({ length: 100 }, (_, i) => ({ file_id: `out-${i}`, toolCallId: 'call-1', filename: `${'données-'.repeat(50)}${i}.csv`, filepath: `/files/out-${i}`, type: 'text/csv', bytes: 10 }));
    // 280 KB of text (2 bytes a character) was under the body limit alone.
    const long = { ...message('long', NO_PARENT, 1, 'ß'.repeat(140_000)), conversationId: 'c3', files: longNamedFiles, attachments };
    expect(itemSize({ ...long, searchText: long.text.slice(0, 4_000) })).toBeGreaterThan(MAX_ITEM_BYTES);
    await putMessage('u3', long);

    const item = await storedItem('long');
    expect(item.bodyRef).toEqual(expect.any(String));
    expect(item).not.toHaveProperty('files');
    expect(item).not.toHaveProperty('attachments');
    expect(itemSize(item)).toBeLessThanOrEqual(INLINE_ITEM_LIMIT_BYTES);
    expect(await getMessage('u3', 'c3', 'long')).toEqual(long);
  });

  it('moves large attachments, files and plugin data to S3 while short text stays on the item', async () => {
    const attachments = Array.from({ length: 300 }, (_, i) => ({ file_id: `out-${i}`, toolCallId: 'call-1', filename: `${'résultat-'.repeat(100)}${i}.csv`, filepath: `/files/out-${i}`, type: 'text/csv', bytes: 10 }));
    const heavy = { ...message('heavy', NO_PARENT, 2, 'Here are the results.'), conversationId: 'c3', attachments, files: longNamedFiles, plugin: { latest: 'x'.repeat(20_000) } };
    await putMessage('u3', heavy);

    const item = await storedItem('heavy');
    expect(item).toMatchObject({ text: 'Here are the results.', searchText: 'here are the results.', bodyRef: expect.any(String) });
    expect(item).not.toHaveProperty('attachments');
    expect(item).not.toHaveProperty('files');
    expect(item).not.toHaveProperty('plugin');
    expect(await getMessage('u3', 'c3', 'heavy')).toEqual(heavy);
    expect((await getAllMessages('u3', 'c3')).find((m) => m.messageId === 'heavy')).toEqual(heavy);
  });

  it('keeps a message just under the inline limit in its item', async () => {
    const near = { ...message('near', NO_PARENT, 3, ''), conversationId: 'c3' };
    // Text and its lower-cased first 4,000 characters in search, with the item's other attributes, just under the limit.
    const rest = itemSize({ ...near, ...keys.message('u3', 'c3', 'near'), entity: 'message', user: 'u3', searchText: 'x'.repeat(4_000) });
    near.text = 'x'.repeat(INLINE_ITEM_LIMIT_BYTES - rest);
    await putMessage('u3', near);

    const item = await storedItem('near');
    expect(item).not.toHaveProperty('bodyRef');
    expect(item.text).toBe(near.text);
  });

  it('refuses with a 413 naming the limit a message that cannot fit even with its large fields in S3', async () => {
    // Hundreds of fields each too small to move: nothing the store can offload brings it under 400 KB.
    const crowded = { ...message('crowded', NO_PARENT, 4, 'hi'), conversationId: 'c3', ...Object.fromEntries(Array.from({ length: 450 }, (_, i) => [`extra${i}`, 'x'.repeat(1_000)])) };

    const refusal = await putMessage('u3', crowded).catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(ItemTooLargeError);
    expect(refusal).toMatchObject({ kind: 'too-large', code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining(`at most ${MAX_ITEM_BYTES / 1024} KB`) });
    expect(await table.get(keys.message('u3', 'c3', 'crowded'), true)).toBeUndefined();
  });
});

