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
