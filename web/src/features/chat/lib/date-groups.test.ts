import { describe, expect, it } from 'vitest';
import { dateGroupOf, groupByDate } from './date-groups.ts';

// Wednesday 15 July 2026, mid-afternoon local time.
const now = new Date(2026, 6, 15, 15, 30);
const at = (month: number, day: number, hour = 12, year = 2026) => new Date(year, month, day, hour);

describe('dateGroupOf', () => {
  it('puts anything from today, including just after midnight and a clock running ahead, under Today', () => {
    expect(dateGroupOf(at(6, 15, 0), now)).toEqual({ kind: 'today' });
    expect(dateGroupOf(at(6, 16, 9), now)).toEqual({ kind: 'today' });
  });

  it('uses calendar days: late last night is Yesterday even when less than a day ago', () => {
    expect(dateGroupOf(new Date(2026, 6, 14, 23, 50), now)).toEqual({ kind: 'yesterday' });
    expect(dateGroupOf(new Date(2026, 6, 14, 0, 5), now)).toEqual({ kind: 'yesterday' });
  });

  it('groups two to seven days back as Previous 7 days and up to thirty as Previous 30 days', () => {
    expect(dateGroupOf(at(6, 13), now)).toEqual({ kind: 'previous7' });
    expect(dateGroupOf(at(6, 8), now)).toEqual({ kind: 'previous7' });
    expect(dateGroupOf(at(6, 7), now)).toEqual({ kind: 'previous30' });
    expect(dateGroupOf(at(5, 15), now)).toEqual({ kind: 'previous30' });
  });

  it('names older dates of this year by month and earlier years by year', () => {
    expect(dateGroupOf(at(5, 14), now)).toEqual({ kind: 'month', year: 2026, month: 5 });
    expect(dateGroupOf(at(0, 1, 0), now)).toEqual({ kind: 'month', year: 2026, month: 0 });
    expect(dateGroupOf(at(11, 31, 23, 2025), now)).toEqual({ kind: 'year', year: 2025 });
  });

  it('keeps the last days of a year in Previous 7 days early in January', () => {
    const newYear = new Date(2027, 0, 2, 10);
    expect(dateGroupOf(new Date(2026, 11, 29, 10), newYear)).toEqual({ kind: 'previous7' });
  });
});

describe('groupByDate', () => {
  it('splits a newest-first list into sections in order, each with its items', () => {
    const items = [at(6, 15), at(6, 15, 9), at(6, 14), at(6, 2), at(2, 3), at(2, 1), at(4, 4, 12, 2024)].map((date) => ({ updatedAt: date.toISOString() }));
    const sections = groupByDate(items, (item) => item.updatedAt, now);
    expect(sections.map((section) => [section.key, section.items.length])).toEqual([
      ['today', 2],
      ['yesterday', 1],
      ['previous30', 1],
      ['month-2026-2', 2],
      ['year-2024', 1],
    ]);
  });

  it('keeps an item with an unreadable date, under Today', () => {
    expect(groupByDate([{ d: 'not a date' }], (item) => item.d, now)).toEqual([{ key: 'today', group: { kind: 'today' }, items: [{ d: 'not a date' }] }]);
  });
});
