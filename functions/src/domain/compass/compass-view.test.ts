import { describe, expect, it } from 'vitest';
import type { StoredInteraction } from '../../store/interaction-store.ts';
import { compassView } from './compass-view.ts';
import type { CompassDeps } from './deps.ts';

function slider(type: 'mood' | 'energy', date: string): StoredInteraction {
  const at = `${date}T08:00:00.000Z`;
  return { _id: `${type}-${date}`, kind: 'compass', promptText: '', numericAnswer: 70, captureMethod: 'slider', interactionMeta: { type }, date, capturedAt: at, updatedAt: at };
}

function deps(interactions: StoredInteraction[], zone?: string) {
  const ranges: [string, string][] = [];
  const fake: CompassDeps = {
    getUserTimeZone: async () => zone,
    saveUserTimeZone: async () => undefined,
    interactionsBetween: async (_userId, from, to) => {
      ranges.push([from, to]);
      return interactions.filter((item) => item.date >= from && item.date <= to);
    },
  };
  return { fake, ranges };
}

describe('compassView', () => {
  // 01:30 on 23 November in Auckland, still 22 November in UTC.
  const now = new Date('2026-11-22T12:30:00Z');
  const days = ['2026-11-22', '2026-11-21', '2026-11-20'].flatMap((date) => [slider('mood', date), slider('energy', date)]);

  it('counts the streak from the user today in their zone, keeping yesterday streak while today is empty', async () => {
    const { fake, ranges } = deps(days, 'Pacific/Auckland');
    const view = await compassView('u1', undefined, undefined, now, fake);
    expect(view).toMatchObject({ today: '2026-11-23', timeZone: 'Pacific/Auckland', streak: 3 });
    expect(view.days.map((day) => day.date)).toEqual(['2026-11-23', '2026-11-22', '2026-11-21', '2026-11-20']);
    expect(ranges).toEqual([['2026-09-25', '2026-11-23']]);
  });

  it('reads one window ending on a requested past day', async () => {
    const { fake, ranges } = deps(days);
    const view = await compassView('u1', '2026-11-21', undefined, now, fake);
    expect(view).toMatchObject({ today: '2026-11-22', timeZone: 'UTC', streak: 2 });
    expect(ranges).toEqual([['2026-09-23', '2026-11-21']]);
  });
});
