import { describe, expect, it } from 'vitest';
import { sampleWins, tile } from '../test/wins-test-kit.tsx';
import { ALL_TAGS, filterWins, groupByDay, orderForGallery, parseTags, tagsInUse } from './wins-filter.ts';

const ids = (wins: readonly { id: string }[]) => wins.map((win) => win.id);

describe('wins filters', () => {
  it('matches the search against title and description only, ignoring case and outer spaces', () => {
    expect(ids(filterWins(sampleWins, '  STEADY ', ALL_TAGS))).toEqual(['w2']);
    expect(ids(filterWins(sampleWins, 'mentored', ALL_TAGS))).toEqual(['w3']);
    // Tags and impact are not searched.
    expect(filterWins(sampleWins, 'Health', ALL_TAGS)).toEqual([]);
    expect(filterWins(sampleWins, 'Faster signups', ALL_TAGS)).toEqual([]);
  });

  it('combines the tag with the search', () => {
    expect(ids(filterWins(sampleWins, '', 'Product'))).toEqual(['w1']);
    expect(ids(filterWins(sampleWins, 'ran', 'Product'))).toEqual([]);
    expect(tagsInUse(sampleWins)).toEqual(['Health', 'Product', 'Win']);
  });

  it('orders pinned tiles first, then the newest', () => {
    const wins = [tile({ id: 'old', title: 'a', achievedAt: '2026-01-01T00:00:00Z' }), tile({ id: 'new', title: 'b', achievedAt: '2026-03-01T00:00:00Z' }), tile({ id: 'pin', title: 'c', achievedAt: '2025-01-01T00:00:00Z', isPinned: true })];
    expect(ids(orderForGallery(wins))).toEqual(['pin', 'new', 'old']);
  });

  it('groups the timeline by day, newest day first', () => {
    const wins = [
      tile({ id: 'a', title: 'a', date: '2026-11-01', achievedAt: '2026-11-01T08:00:00Z' }),
      tile({ id: 'b', title: 'b', date: '2026-11-03', achievedAt: '2026-11-03T08:00:00Z' }),
      tile({ id: 'c', title: 'c', date: '2026-11-01', achievedAt: '2026-11-01T18:00:00Z' }),
    ];
    expect(groupByDay(wins).map((day) => [day.date, ids(day.wins)])).toEqual([
      ['2026-11-03', ['b']],
      ['2026-11-01', ['c', 'a']],
    ]);
  });

  it('reads comma-separated tags without blanks or repeats', () => {
    expect(parseTags(' Win, Talks ,, Talks,')).toEqual(['Win', 'Talks']);
    expect(parseTags('   ')).toEqual([]);
  });
});
