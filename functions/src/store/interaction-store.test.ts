import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexesSettled, startTestStack } from '../local/test-stack.ts';
import { claimInteractionRequest, getInteraction, insertInteraction, interactionsBetween, listInteractions, updateInteraction, type StoredInteraction } from './interaction-store.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

function mood(id: string, date: string, capturedAt = `${date}T08:00:00.000Z`): StoredInteraction {
  return { _id: id, kind: 'compass', promptText: 'Mood?', numericAnswer: 70, captureMethod: 'slider', interactionMeta: { type: 'mood' }, date, capturedAt, updatedAt: capturedAt };
}

describe('interaction store', () => {
  it('reads a day range with both ends included and the neighbours left out', async () => {
    for (const [id, date] of [['a', '2026-10-31'], ['b', '2026-11-01'], ['c', '2026-11-15'], ['d', '2026-11-30'], ['e', '2026-12-01']] as const) {
      await insertInteraction('s1', mood(id, date));
    }
    const found = await interactionsBetween('s1', '2026-11-01', '2026-11-30');
    expect(found.map((item) => item._id).sort()).toEqual(['b', 'c', 'd']);
    expect(found[0]).not.toHaveProperty('gsi1sk');
    expect((await interactionsBetween('s1', '2026-11-15', '2026-11-15')).map((item) => item._id)).toEqual(['c']);
  });

  it('moves an interaction to its new day when the date changes', async () => {
    await insertInteraction('s2', mood('m', '2026-11-20'));
    await updateInteraction('s2', 'm', (current) => ({ ...current, date: '2026-11-21', updatedAt: '2026-11-21T09:00:00.000Z' }));
    expect(await interactionsBetween('s2', '2026-11-20', '2026-11-20')).toEqual([]);
    expect((await interactionsBetween('s2', '2026-11-21', '2026-11-21')).map((item) => item.date)).toEqual(['2026-11-21']);
  });

  it('refuses a second insert with the same id and keeps the first', async () => {
    expect(await insertInteraction('s3', mood('x', '2026-11-20'))).toBe(true);
    expect(await insertInteraction('s3', { ...mood('x', '2026-11-20'), numericAnswer: 10 })).toBe(false);
    expect((await getInteraction('s3', 'x'))?.numericAnswer).toBe(70);
  });

  it('gives a request id to the first claimer only', async () => {
    expect(await claimInteractionRequest('s4', 'r1', 'first', new Date())).toBeUndefined();
    expect(await claimInteractionRequest('s4', 'r1', 'second', new Date())).toBe('first');
    expect(await claimInteractionRequest('s5', 'r1', 'other-user', new Date())).toBeUndefined();
  });

  it('lists by capture time per kind without mixing users', async () => {
    await insertInteraction('s6', mood('old', '2026-11-01', '2026-11-01T08:00:00.000Z'));
    await insertInteraction('s6', mood('new', '2026-11-02', '2026-11-02T08:00:00.000Z'));
    await insertInteraction('s7', mood('theirs', '2026-11-03'));
    // The lists are index queries, which in AWS have a write within a second.
    await indexesSettled();
    expect((await listInteractions('s6', { limit: 10, direction: 'desc' })).map((item) => item._id)).toEqual(['new', 'old']);
    expect((await listInteractions('s6', { kind: 'compass', limit: 1, direction: 'asc' })).map((item) => item._id)).toEqual(['old']);
    expect(await listInteractions('s6', { kind: 'reflection', limit: 10, direction: 'asc' })).toEqual([]);
  });
});
