import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from '../local/test-stack.ts';
import { withDbCallCount } from './db-call-counter.ts';
import { table } from './table.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack({ env: { MELD_EXPOSE_DB_CALLS: '1' } });
});
afterAll(() => stack.stop());

/** 6 KB of text: 6 write units, 2 read units eventually consistent (4 KB blocks, halved). */
const body = 'x'.repeat(6 * 1024);
const item = (pk: string, sk: string) => ({ pk, sk, body });

describe('consumed capacity per request', () => {
  it('sums read and write units of every call in the request, by kind', async () => {
    const { usage } = await withDbCallCount(async () => {
      await table.put(item('CAP#a', 'ONE'));
      await table.batchWrite([item('CAP#a', 'TWO'), item('CAP#a', 'THREE')]);
      await table.get({ pk: 'CAP#a', sk: 'ONE' });
      await table.get({ pk: 'CAP#a', sk: 'ONE' }, true);
      await table.batchGet([{ pk: 'CAP#a', sk: 'TWO' }]);
    });
    expect(usage).toEqual({ calls: 5, writeUnits: 7 * 3, readUnits: 1 + 2 + 1 });
  });

  it('counts a query by the size of what it read, not by the number of items', async () => {
    await table.batchWrite(Array.from({ length: 8 }, (_, i) => ({ pk: 'CAP#q', sk: `S${i}`, note: 'small' })));
    const { usage } = await withDbCallCount(() => table.query({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'CAP#q' } }));
    expect(usage).toEqual({ calls: 1, readUnits: 0.5, writeUnits: 0 });
  });

  it('asks for no capacity when counting is off, as in production', async () => {
    process.env.MELD_EXPOSE_DB_CALLS = '0';
    try {
      const { usage } = await withDbCallCount(() => table.put(item('CAP#off', 'ONE')));
      expect(usage).toEqual({ calls: 1, readUnits: 0, writeUnits: 0 });
    } finally {
      process.env.MELD_EXPOSE_DB_CALLS = '1';
    }
  });
});
