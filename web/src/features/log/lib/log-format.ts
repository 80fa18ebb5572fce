import { dateFormat } from '@/lib/date-format.ts';
/** Dates of the log in the reader's language. Days are calendar dates, so they format in UTC. */
export function monthLabel(month: string, language: string): string {
  return dateFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

export function shortMonthLabel(month: string, language: string): string {
  return dateFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

export function dayHeading(date: string, language: string): string {
  return dateFormat(language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

export function shortDay(date: string, language: string): string {
  return dateFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** The time of an entry on the user's clock (the zone the server answered in). */
export function timeOf(timestamp: string, timeZone: string, language: string): string {
  return dateFormat(language, { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(timestamp));
}

/** The month before or after, YYYY-MM. */
export function shiftMonth(month: string, by: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const at = new Date(Date.UTC(year, monthNumber - 1 + by, 1));
  return at.toISOString().slice(0, 7);
}
