import { COMPASS, type CompassDay, type Fragment, type WinTile } from '@meld/shared';
import { buildCompassDay, buildCompassView, countsForStreak, type DayInteraction } from '../compass/compass-days.ts';
import { addDays, localDate } from '../compass/local-time.ts';

/** The day and the six before it: the member's own week, which a reflection without a model reads. */
export const WEEK_DAYS = 7;
/** Fewer earlier check-ins than this are too few to compare the day with. */
export const MIN_COMPARE_DAYS = 3;

const DAY_MS = 86_400_000;

/** The member's records a reflection without a model reads; routes pass the stores, tests fakes. */
export interface WeekRecordDeps {
  interactionsBetween(userId: string, from: string, to: string): Promise<DayInteraction[]>;
  listWins(userId: string): Promise<Pick<WinTile, 'id' | 'date' | 'title' | 'achievedAt'>[]>;
  /** Fragments captured between two instants (ISO), in any order. */
  listFragmentsBetween(userId: string, from: string, to: string): Promise<Pick<Fragment, 'id' | 'content' | 'type' | 'tags' | 'timestamp'>[]>;
}

export interface WeekFragment {
  id: string;
  /** The member's local day it was captured. */
  date: string;
  content: string;
  type: Fragment['type'];
  tags: string[];
}

export interface WeekWin {
  id: string;
  date: string;
  title: string;
}

export interface WeekRecord {
  date: string;
  day: CompassDay;
  /** The six days before `date`, newest first. */
  previous: CompassDay[];
  /** The week's fragments and wins, newest first. */
  fragments: WeekFragment[];
  wins: WeekWin[];
  /** Consecutive days with a complete check-in up to `date` (as the streak badge counts), when asked for. */
  streak: number | null;
}

interface WeekOptions {
  withStreak: boolean;
  /** The compass days from `weekRecordStart` on, when the caller has read them already. */
  interactions?: readonly DayInteraction[] | undefined;
}

/** The first day whose compass the record reads: as far back as the streak badge counts, when the streak is wanted. */
export function weekRecordStart(date: string, options: Pick<WeekOptions, 'withStreak'>): string {
  return addDays(date, -((options.withStreak ? COMPASS.maxViewDays : WEEK_DAYS) - 1));
}

/**
 * The week up to `date` on the member's local days: one day-range query for the compass (reaching
 * back as far as the streak badge counts when the streak is wanted), the wins vault, and the
 * fragments of the week's instants (a day wider on each side, then cut to the local days).
 */
export async function readWeek(userId: string, date: string, timeZone: string, deps: WeekRecordDeps, options: WeekOptions): Promise<WeekRecord> {
  const weekStart = addDays(date, -(WEEK_DAYS - 1));
  const inWeek = (day: string) => day >= weekStart && day <= date;
  const [interactions, wins, fragments] = await Promise.all([
    options.interactions ?? deps.interactionsBetween(userId, weekRecordStart(date, options), date),
    deps.listWins(userId),
    deps.listFragmentsBetween(userId, new Date(Date.parse(`${weekStart}T00:00:00Z`) - DAY_MS).toISOString(), new Date(Date.parse(`${date}T00:00:00Z`) + 2 * DAY_MS).toISOString()),
  ]);
  const newestFirst = <T extends { at: string; id: string }>(a: T, b: T) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id);
  return {
    date,
    day: buildCompassDay(date, interactions),
    previous: Array.from({ length: WEEK_DAYS - 1 }, (_, index) => buildCompassDay(addDays(date, -(index + 1)), interactions)),
    fragments: fragments
      .map((fragment) => ({ id: fragment.id, at: fragment.timestamp, date: localDate(new Date(fragment.timestamp), timeZone), content: fragment.content, type: fragment.type, tags: fragment.tags }))
      .filter((fragment) => inWeek(fragment.date))
      .sort(newestFirst)
      .map(({ at: _at, ...fragment }) => fragment),
    wins: wins
      .filter((win) => inWeek(win.date))
      .map((win) => ({ id: win.id, at: win.achievedAt, date: win.date, title: win.title }))
      .sort(newestFirst)
      .map(({ at: _at, ...win }) => win),
    streak: options.withStreak ? buildCompassView(date, date, interactions).streak : null,
  };
}

export type Metric = 'mood' | 'energy';

/** The average of a metric over the earlier days with a complete check-in, rounded to a whole number. */
export function earlierAverage(previous: readonly CompassDay[], metric: Metric): { average: number; days: number } | null {
  const values = checkedIn(previous).map((day) => day[metric]!);
  if (values.length === 0) return null;
  return { average: Math.round(values.reduce((sum, value) => sum + value, 0) / values.length), days: values.length };
}

/** Days with both mood and energy saved: what the streak counts as a check-in. */
export function checkedIn(days: readonly CompassDay[]): CompassDay[] {
  return days.filter(countsForStreak);
}
