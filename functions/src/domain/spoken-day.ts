/**
 * A member's local day (YYYY-MM-DD) as people write it, seen from their local today: "today",
 * "yesterday", a weekday within the last week ("Thursday"), else the day and month ("4 December"),
 * with the year when it is not this year's. The server's card texts are English, so this is too.
 */
const DAY_MS = 86_400_000;
const atNoon = (date: string) => Date.parse(`${date}T12:00:00Z`);
const words = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
const weekday = words({ weekday: 'long' });
const dayMonth = words({ day: 'numeric', month: 'long' });
const dayMonthYear = words({ day: 'numeric', month: 'long', year: 'numeric' });

/** The weekday of a member's local day: "Thursday". */
export function weekdayOf(date: string): string {
  return weekday.format(atNoon(date));
}

export function spokenDay(date: string, today: string): string {
  const daysAgo = Math.round((atNoon(today) - atNoon(date)) / DAY_MS);
  if (daysAgo === 0) return 'today';
  if (daysAgo === 1) return 'yesterday';
  // Seven days ago would share today's weekday name, so it reads as a date.
  if (daysAgo > 1 && daysAgo < 7) return weekdayOf(date);
  return (date.slice(0, 4) === today.slice(0, 4) ? dayMonth : dayMonthYear).format(atNoon(date));
}

/** The same day after a verb: "today", "yesterday", "on Thursday", "on 4 December". */
export function onSpokenDay(date: string, today: string): string {
  const spoken = spokenDay(date, today);
  return spoken === 'today' || spoken === 'yesterday' ? spoken : `on ${spoken}`;
}
