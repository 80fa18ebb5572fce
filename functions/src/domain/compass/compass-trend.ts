import { COMPASS_TREND, type CompassDay, type CompassTrendResponse, type TrendWeek } from '@meld/shared';
import { buildCompassDay, type DayInteraction } from './compass-days.ts';
import type { CompassDeps } from './deps.ts';
import { addDays } from './local-time.ts';
import { userClock } from './user-clock.ts';

const WEEK_DAYS = 7;

/** The mean of the values given, rounded to a whole point; null when there are none. */
function mean(values: number[]): number | null {
  return values.length ? Math.round(values.reduce((sum, value) => sum + value, 0) / values.length) : null;
}

const hasValue = (day: CompassDay) => day.mood !== null || day.energy !== null;

function average(days: CompassDay[]): { mood: number | null; energy: number | null } {
  return { mood: mean(days.flatMap((day) => (day.mood === null ? [] : [day.mood]))), energy: mean(days.flatMap((day) => (day.energy === null ? [] : [day.energy]))) };
}

/**
 * The trend over `weeks` runs of seven local days, the last ending on `today` (so this week is the
 * one that is still being written). Each day is built as the compass view builds it, so a slider
 * saved twice counts once, at its latest value.
 */
export function buildCompassTrend(today: string, weeks: number, interactions: readonly DayInteraction[]): CompassTrendResponse {
  const byDate = new Map<string, DayInteraction[]>();
  for (const interaction of interactions) byDate.set(interaction.date, [...(byDate.get(interaction.date) ?? []), interaction]);
  const all: CompassDay[] = [];
  const trendWeeks: TrendWeek[] = [];
  for (let index = weeks - 1; index >= 0; index--) {
    const end = addDays(today, -index * WEEK_DAYS);
    const start = addDays(end, -(WEEK_DAYS - 1));
    const days: CompassDay[] = [];
    for (let date = start; date <= end; date = addDays(date, 1)) {
      const day = buildCompassDay(date, byDate.get(date) ?? []);
      if (hasValue(day)) days.push(day);
    }
    all.push(...days);
    trendWeeks.push({ start, end, ...average(days), days: days.length });
  }
  return { today, weeks: trendWeeks, days: all.length, daysNeeded: COMPASS_TREND.minDays, average: average(all) };
}

/** GET /api/views/compass/trend: the member's zone (their today), then one range read of the window. */
export async function compassTrend(userId: string, weeks: number, headerZone: string | undefined, now: Date, deps: CompassDeps): Promise<CompassTrendResponse> {
  const { today } = await userClock(userId, headerZone, now, deps);
  const first = addDays(today, -(weeks * WEEK_DAYS - 1));
  return buildCompassTrend(today, weeks, await deps.interactionsBetween(userId, first, today));
}
