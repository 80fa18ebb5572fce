import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { table } from '../store/table.ts';
import { startTestStack, type TestStack } from './test-stack.ts';

const LAG_MS = 400;

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ indexLagMs: LAG_MS });
});
afterAll(() => stack.stop());

/** What the index holds under `gsi1pk`: each item's sk, or the attribute named. */
const byIndex = async (gsi1pk: string, attribute = 'sk') =>
  (await table.query<Record<string, string>>({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': gsi1pk } })).items.map((item) => item[attribute]);

/** Polls the index until `expected`, and says how long after `since` it first answered so. */
async function settles(gsi1pk: string, expected: string[], since: number, attribute = 'sk'): Promise<number> {
  for (;;) {
    if (JSON.stringify(await byIndex(gsi1pk, attribute)) === JSON.stringify(expected)) return Date.now() - since;
    if (Date.now() - since > LAG_MS * 10) throw new Error(`${gsi1pk} never answered ${JSON.stringify(expected)}`);
    await delay(25);
  }
}

describe('index lag (MELD_INDEX_LAG_MS)', () => {
  it('hides a put from index queries until the lag has passed; the table itself has it at once', async () => {
    const written = Date.now();
    await table.put({ pk: 'LAG#1', sk: 'A', gsi1pk: 'LAGGED#1', gsi1sk: 'a' });
    expect(await byIndex('LAGGED#1')).toEqual([]);
    expect(await table.get({ pk: 'LAG#1', sk: 'A' }, true)).toMatchObject({ gsi1pk: 'LAGGED#1' });
    expect(await settles('LAGGED#1', ['A'], written)).toBeGreaterThanOrEqual(LAG_MS);
  });

  it('keeps serving an item under its old index key, and a deleted item, until the lag has passed', async () => {
    await table.batchWrite([
      { pk: 'LAG#2', sk: 'A', gsi1pk: 'OLD#2', gsi1sk: 'a' },
      { pk: 'LAG#2', sk: 'B', gsi1pk: 'OLD#2', gsi1sk: 'b' },
    ]);
    await settles('OLD#2', ['A', 'B'], Date.now());

    const changed = Date.now();
    await table.update({ pk: 'LAG#2', sk: 'A' }, { UpdateExpression: 'SET gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'NEW#2' } });
    await table.delete({ pk: 'LAG#2', sk: 'B' });
    expect(await byIndex('OLD#2')).toEqual(['A', 'B']);
    expect(await byIndex('NEW#2')).toEqual([]);
    expect(await settles('OLD#2', [], changed)).toBeGreaterThanOrEqual(LAG_MS);
    expect(await byIndex('NEW#2')).toEqual(['A']);
  });

  it('ends in the table’s state when one key is written many times quickly', async () => {
    for (let i = 0; i < 5; i++) await table.put({ pk: 'LAG#3', sk: 'A', gsi1pk: 'LAGGED#3', gsi1sk: String(i) });
    await settles('LAGGED#3', ['4'], Date.now(), 'gsi1sk');
    // No copy of an earlier state lands after the last one.
    await delay(LAG_MS * 2);
    expect(await byIndex('LAGGED#3', 'gsi1sk')).toEqual(['4']);
  });

  it('follows an item given index keys by a later update, and one whose update takes them away', async () => {
    await table.put({ pk: 'LAG#4', sk: 'A', note: 'not listed yet' });
    await table.put({ pk: 'LAG#4', sk: 'B', gsi1pk: 'LAGGED#4', gsi1sk: 'b' });
    await settles('LAGGED#4', ['B'], Date.now());

    const changed = Date.now();
    await table.update({ pk: 'LAG#4', sk: 'A' }, { UpdateExpression: 'SET #pk = :pk, gsi1sk = :sk', ExpressionAttributeNames: { '#pk': 'gsi1pk' }, ExpressionAttributeValues: { ':pk': 'LAGGED#4', ':sk': 'a' } });
    await table.update({ pk: 'LAG#4', sk: 'B' }, { UpdateExpression: 'REMOVE gsi1pk, gsi1sk' });
    expect(await byIndex('LAGGED#4')).toEqual(['B']);
    expect(await settles('LAGGED#4', ['A'], changed)).toBeGreaterThanOrEqual(LAG_MS);
  });
});
