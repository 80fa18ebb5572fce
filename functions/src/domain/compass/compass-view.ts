import type { CompassDay, CompassViewResponse } from '@meld/shared';
import { buildCompassDay, buildCompassView, viewWindowStart } from './compass-days.ts';
import type { CompassDeps } from './deps.ts';
import { userClock } from './user-clock.ts';

/**
 * GET /api/views/compass: the requested day (default the user's today) and the days of its
 * streak. One GetItem for the zone (plus one UpdateItem when it changed) and one range query;
 * with a date given the two run side by side.
 */
export async function compassView(userId: string, date: string | undefined, headerZone: string | undefined, now: Date, deps: CompassDeps): Promise<CompassViewResponse> {
  const window = (anchor: string) => deps.interactionsBetween(userId, viewWindowStart(anchor), anchor);
  const [clock, given] = await Promise.all([userClock(userId, headerZone, now, deps), date === undefined ? undefined : window(date)]);
  const anchor = date ?? clock.today;
  const interactions = given ?? (await window(anchor));
  const { days, streak } = buildCompassView(anchor, clock.today, interactions);
  return { days, streak, timeZone: clock.timeZone, today: clock.today };
}

/** One day's record (the reflection routes answer with it after storing a summary): one query. */
export async function compassDay(userId: string, date: string, deps: Pick<CompassDeps, 'interactionsBetween'>): Promise<CompassDay> {
  return buildCompassDay(date, await deps.interactionsBetween(userId, date, date));
}
