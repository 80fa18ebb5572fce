import type { Fragment, WinTile, WovenReflection } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { logView, type LogDeps } from './log-view.ts';
import { fragmentSource, interactionSource, weaveSource, winSource } from './sources.ts';
import type { LogInteraction } from './timeline.ts';
import { fragment, interactions, weave, win } from './log-fixtures.ts';

interface UserData {
  interactions: LogInteraction[];
  wins: WinTile[];
  fragments: Fragment[];
  weaves: WovenReflection[];
}

/** Stores that answer as the real ones do: per user, range-filtered, and counting their calls. */
function fakeDeps(data: Record<string, UserData>, zone?: string) {
  const calls: string[] = [];
  const of = (userId: string) => data[userId] ?? { interactions: [], wins: [], fragments: [], weaves: [] };
  const deps: LogDeps = {
    getUserTimeZone: async () => (calls.push('zone'), zone),
    saveUserTimeZone: async () => void calls.push('saveZone'),
    sources: [
      interactionSource({
        interactionsBetween: async (userId, from, to) => (calls.push(`interactions ${from}..${to}`), of(userId).interactions.filter((item) => item.date >= from && item.date <= to)),
        listInteractions: async (userId, options) => (calls.push('firstInteraction'), [...of(userId).interactions].sort((a, b) => a.capturedAt.localeCompare(b.capturedAt)).slice(0, options.limit)),
      }),
      winSource({ listWins: async (userId) => (calls.push('wins'), of(userId).wins) }),
      fragmentSource({ listFragmentsBetween: async (userId, from, to) => (calls.push(`fragments ${from}..${to}`), of(userId).fragments.filter((item) => item.timestamp >= from && item.timestamp <= to)) }),
      weaveSource({ listWovenReflectionsBetween: async (userId, from, to) => (calls.push('weaves'), of(userId).weaves.filter((item) => item.createdAt >= from && item.createdAt <= to)) }),
    ],
  };
  return { deps, calls };
}

const now = new Date('2026-11-22T12:00:00.000Z');
const ada: UserData = { interactions, wins: [win, { ...win, id: 'sept', date: '2026-09-14', achievedAt: '2026-09-14T10:00:00.000Z' }], fragments: [fragment], weaves: [weave] };
const bo: UserData = { interactions: [], wins: [{ ...win, id: 'bo-win', title: 'Bo only' }], fragments: [{ ...fragment, id: 'bo-frag' }], weaves: [] };

describe('the log view', () => {
  it('answers the current month by default, with the month range from the first entry to now', async () => {
    const { deps } = fakeDeps({ ada });
    const view = await logView('ada', undefined, 'UTC', now, deps);
    expect(view).toMatchObject({ month: '2026-11', today: '2026-11-22', timeZone: 'UTC', firstMonth: '2026-09', lastMonth: '2026-11' });
    expect(view.entries.map((entry) => entry.type)).toEqual(['weave', 'reflection', 'win', 'fragment', 'reflection', 'compass']);
    expect(view.days).toHaveLength(30);
  });

  it('reads each source once with range bounds around the month', async () => {
    const { deps, calls } = fakeDeps({ ada });
    const view = await logView('ada', '2026-09', 'UTC', now, deps);
    expect(view.entries.map((entry) => entry.id)).toEqual(['win:sept']);
    expect(calls.sort()).toEqual(['firstInteraction', 'fragments 2026-08-31T00:00:00.000Z..2026-10-01T23:59:59.999Z', 'interactions 2026-09-01..2026-09-30', 'weaves', 'wins', 'zone', 'saveZone'].sort());
  });

  it('never shows another user\'s entries', async () => {
    const { deps } = fakeDeps({ ada, bo });
    const view = await logView('ada', '2026-11', 'UTC', now, deps);
    expect(view.entries.map((entry) => entry.id)).not.toContain('win:bo-win');
    expect(view.entries.map((entry) => entry.id)).not.toContain('fragment:bo-frag');
    const empty = await logView('cy', '2026-11', 'UTC', now, deps);
    expect(empty.entries).toEqual([]);
    expect(empty.firstMonth).toBe('2026-11');
  });

  it('places an entry near midnight in the month of the user\'s local day', async () => {
    const late: Fragment = { ...fragment, id: 'late', timestamp: '2026-10-31T23:30:00.000Z' };
    const { deps } = fakeDeps({ ada: { ...ada, fragments: [late] } }, 'Europe/Berlin');
    const november = await logView('ada', '2026-11', undefined, now, deps);
    expect(november.entries.find((entry) => entry.id === 'fragment:late')).toMatchObject({ date: '2026-11-01' });
    expect(november.timeZone).toBe('Europe/Berlin');
    const october = await logView('ada', '2026-10', undefined, now, deps);
    expect(october.entries.map((entry) => entry.id)).not.toContain('fragment:late');
  });
});
