import type { Interaction } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../local/test-stack.ts';
import { deleteInteraction, insertInteraction, interactionsBetween, updateInteraction, type StoredInteraction } from './interaction-store.ts';
import { withRecentCopies } from './recent-interactions.ts';

// Indexes that see writes only after the file has finished: every read here is one right after a write.
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ indexLagMs: 60_000 });
});
afterAll(() => stack.stop());

function mood(id: string, date: string, value: number, at = `${date}T08:00:00.000Z`): StoredInteraction {
  return { _id: id, kind: 'compass', promptText: 'Mood?', numericAnswer: value, captureMethod: 'slider', interactionMeta: { type: 'mood' }, date, capturedAt: at, updatedAt: at } as Interaction as StoredInteraction;
}

const ids = (interactions: StoredInteraction[]) => interactions.map((interaction) => `${interaction._id}@${interaction.date}=${interaction.numericAnswer}`);

describe('a day of interactions read right after its writes', () => {
  it('has a new answer, a changed one, one moved to another day and not one deleted', async () => {
    await insertInteraction('u1', mood('a', '2026-03-01', 40));
    await insertInteraction('u1', mood('b', '2026-03-01', 50));
    await insertInteraction('u1', mood('c', '2026-03-01', 60));
    expect(ids(await interactionsBetween('u1', '2026-03-01', '2026-03-01'))).toEqual(['a@2026-03-01=40', 'b@2026-03-01=50', 'c@2026-03-01=60']);

    await updateInteraction('u1', 'a', (current) => ({ ...current, numericAnswer: 45, updatedAt: '2026-03-01T09:00:00.000Z' }));
    await updateInteraction('u1', 'b', (current) => ({ ...current, date: '2026-03-02', updatedAt: '2026-03-01T09:00:00.000Z' }));
    await deleteInteraction('u1', 'c');

    expect(ids(await interactionsBetween('u1', '2026-03-01', '2026-03-01'))).toEqual(['a@2026-03-01=45']);
    expect(ids(await interactionsBetween('u1', '2026-03-01', '2026-03-02'))).toEqual(['a@2026-03-01=45', 'b@2026-03-02=50']);
    expect(await interactionsBetween('u2', '2026-03-01', '2026-03-02')).toEqual([]);
  });
});

describe('laying recent copies over the index', () => {
  const older = mood('x', '2026-03-01', 10, '2026-03-01T08:00:00.000Z');
  const newer = { ...older, numericAnswer: 20, updatedAt: '2026-03-01T09:00:00.000Z' };

  it('keeps the newer of the two, so a copy whose write was followed by a failed one does not hide the index', () => {
    expect(withRecentCopies([older], [{ interactionId: 'x', date: '2026-03-01', interaction: newer }])).toEqual([newer]);
    expect(withRecentCopies([newer], [{ interactionId: 'x', date: '2026-03-01', interaction: older }])).toEqual([newer]);
  });

  it('drops an interaction a tombstone marks gone from its day, unless it was written again since or lives on another day', () => {
    expect(withRecentCopies([older], [{ interactionId: 'x', date: '2026-03-01', goneAt: '2026-03-01T08:30:00.000Z' }])).toEqual([]);
    expect(withRecentCopies([newer], [{ interactionId: 'x', date: '2026-03-01', goneAt: '2026-03-01T08:30:00.000Z' }])).toEqual([newer]);
    const moved = { ...newer, date: '2026-03-02' };
    expect(withRecentCopies([], [{ interactionId: 'x', date: '2026-03-02', interaction: moved }, { interactionId: 'x', date: '2026-03-01', goneAt: moved.updatedAt }])).toEqual([moved]);
  });
});
