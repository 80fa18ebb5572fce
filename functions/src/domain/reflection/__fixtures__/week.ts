import { emptyCompassDay, type CompassDay } from '@meld/shared';
import { addDays } from '../../compass/local-time.ts';
import { WEEK_DAYS, type WeekFragment, type WeekRecord, type WeekWin } from '../week-record.ts';

type DayEntries = Partial<Pick<CompassDay, 'mood' | 'energy' | 'note'>>;

function dayOf(date: string, entries: DayEntries = {}): CompassDay {
  const day = { ...emptyCompassDay(date), ...entries };
  return { ...day, completion: { compass: day.mood !== null && day.energy !== null, reflection: false } };
}

/** A member's week up to `date`: the day's and earlier days' entries by date, fragments and wins newest first. */
export function weekOf(
  date: string,
  record: { days?: Record<string, DayEntries>; fragments?: WeekFragment[]; wins?: WeekWin[]; streak?: number | null } = {},
): WeekRecord {
  return {
    date,
    day: dayOf(date, record.days?.[date]),
    previous: Array.from({ length: WEEK_DAYS - 1 }, (_, index) => addDays(date, -(index + 1))).map((day) => dayOf(day, record.days?.[day])),
    fragments: record.fragments ?? [],
    wins: record.wins ?? [],
    streak: record.streak ?? null,
  };
}

export const fragment = (id: string, date: string, content: string, extra: Partial<WeekFragment> = {}): WeekFragment => ({ id, date, content, type: 'general', tags: [], ...extra });
