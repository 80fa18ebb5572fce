import type { LogViewResponse } from '@meld/shared';
import { userClock, type TimeZoneDeps } from '../compass/user-clock.ts';
import { logWindow, monthOf } from './month.ts';
import type { LogSource } from './sources.ts';
import { assembleTimeline } from './timeline.ts';

export interface LogDeps extends TimeZoneDeps {
  sources: readonly LogSource[];
}

/**
 * GET /api/views/log: a month of the timeline in the user's zone (default the current month).
 * With a month given, the zone and every source load side by side; without one, the zone comes
 * first to know the month. One query per source (two for interactions) plus the zone's GetItem.
 */
export async function logView(userId: string, month: string | undefined, headerZone: string | undefined, now: Date, deps: LogDeps): Promise<LogViewResponse> {
  const clockCall = userClock(userId, headerZone, now, deps);
  const window = logWindow(month ?? monthOf((await clockCall).today));
  const [clock, ...loaded] = await Promise.all([clockCall, ...deps.sources.map((source) => source(userId, window))]);

  const { entries, days } = assembleTimeline(
    loaded.flatMap((source) => source.entries(clock.timeZone)),
    window,
  );
  const lastMonth = monthOf(clock.today);
  // The earliest first day any source knows, and the shown month's own oldest entry.
  const firstDates = [...loaded.map((source) => source.firstDate), entries.at(-1)?.date].filter((date) => date !== undefined);
  const firstMonth = [lastMonth, ...firstDates.map(monthOf)].sort()[0]!;
  return { month: window.month, timeZone: clock.timeZone, today: clock.today, firstMonth, lastMonth, entries, days };
}
