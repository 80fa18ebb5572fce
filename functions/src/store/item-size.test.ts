import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../local/test-stack.ts';
import { itemSize, MAX_ITEM_BYTES } from './item-size.ts';
import { table } from './table.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

/** An item of `pk`, `sk` and a `body` of `char` repeated (and ASCII to make up) so the item takes `bytes` as DynamoDB counts. */
function itemOf(sk: string, char: string, bytes: number) {
  const room = bytes - itemSize({ pk: 'SIZE', sk, body: '' });
  const charBytes = Buffer.byteLength(char);
  const item = { pk: 'SIZE', sk, body: char.repeat(Math.floor(room / charBytes)) + 'x'.repeat(room % charBytes) };
  expect(itemSize(item)).toBe(bytes);
  return item;
}

describe('item size as DynamoDB counts it', () => {
  it('counts attribute names and strings in UTF-8 bytes', () => {
    expect(itemSize({ a: 'x' })).toBe(2);
    expect(itemSize({ née: 'été' })).toBe(4 + 5);
    expect(itemSize({ e: '😀' })).toBe(1 + 4);
  });

  it('counts numbers by their digits, booleans and null as one byte, lists and maps with their overhead', () => {
    expect(itemSize({ n: 12_345 })).toBe(1 + 3 + 2);
    expect(itemSize({ yes: true, no: null })).toBe(3 + 1 + 2 + 1);
    expect(itemSize({ l: ['ab', 1] })).toBe(1 + 3 + (1 + 2) + (1 + 3));
    expect(itemSize({ m: { ab: 'cd' } })).toBe(1 + 3 + 1 + (2 + 2));
    expect(itemSize({ gone: undefined, m: { gone: undefined } })).toBe(1 + 3);
  });
});

describe('the local table refuses an item over 400 KB, as DynamoDB does', () => {
  it('stores an item of exactly 400 KB', async () => {
    await table.put(itemOf('ascii-at-limit', 'x', MAX_ITEM_BYTES));
    await table.put(itemOf('utf8-at-limit', '中', MAX_ITEM_BYTES));
    expect((await table.get<{ body: string }>({ pk: 'SIZE', sk: 'utf8-at-limit' }, true))?.body.length).toBeGreaterThan(136_000);
  });

  it('refuses a put one byte over, counting UTF-8 where dynalite counts UTF-16 units', async () => {
    for (const [sk, char] of [['ascii-over', 'x'], ['utf8-over', '中'], ['emoji-over', '😀']] as const) {
      const refusal = await table.put(itemOf(sk, char, MAX_ITEM_BYTES + 1)).catch((error: unknown) => error);
      expect(refusal).toMatchObject({ name: 'ValidationException', message: 'Item size has exceeded the maximum allowed size', $fault: 'client' });
      expect(await table.get({ pk: 'SIZE', sk }, true)).toBeUndefined();
    }
  });

  it('refuses a batch write that holds one item over the limit', async () => {
    const refusal = await table.batchWrite([{ pk: 'SIZE', sk: 'small', body: 'fine' }, itemOf('batch-over', '中', MAX_ITEM_BYTES + 1)]).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ name: 'ValidationException', message: 'Item size has exceeded the maximum allowed size' });
    expect(await table.get({ pk: 'SIZE', sk: 'small' }, true)).toBeUndefined();
  });
});
