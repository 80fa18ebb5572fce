import type { BrowserContext } from 'playwright-core';
import type { RunningApp } from './app.ts';

/** The instant it is `HH:MM` on `date` (YYYY-MM-DD) in a zone `offsetMinutes` east of UTC. */
export function localInstant(date: string, time: string, offsetMinutes: number): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1, day, hour, minute) - offsetMinutes * 60_000);
}

/** `date` plus `days`, as YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * Moves the server's clock (started with MELD_CLOCK_CONTROL=1) and the browser's to the same
 * instant; both keep running from there. The browser's clock must have been installed once with
 * `context.clock.install`.
 */
export async function travelTo(app: RunningApp, context: BrowserContext, at: Date): Promise<void> {
  const response = await fetch(`${app.baseUrl}/__local/clock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now: at.toISOString() }),
  });
  if (!response.ok) throw new Error(`The server clock did not move: ${response.status} ${await response.text()}`);
  await context.clock.setSystemTime(at);
}

/**
 * Days of a member who lives in Kolkata (UTC+5:30 all year, so no daylight-saving change can shift
 * a day), starting `daysAhead` after the real date so every "today" is simulated: `at(1, '18:00')`
 * is 6 PM on the second day.
 */
export function kolkataDays(daysAhead = 3) {
  const timeZone = 'Asia/Kolkata';
  const dayOne = addDays(new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date()), daysAhead);
  return { timeZone, dayOne, at: (dayOffset: number, time: string) => localInstant(addDays(dayOne, dayOffset), time, 330) };
}
