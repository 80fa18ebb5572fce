import { addDays } from '../compass/local-time.ts';

/** A month of the log: its local days, and a UTC window that surely holds every instant of them. */
export interface LogWindow {
  month: string;
  /** First and last local day, YYYY-MM-DD. */
  from: string;
  to: string;
  /** ISO instants a day either side of the month, wide enough for any zone (UTC-12 to UTC+14). */
  fromInstant: string;
  toInstant: string;
}

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function lastDayOfMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return `${month}-${String(days).padStart(2, '0')}`;
}

export function logWindow(month: string): LogWindow {
  const from = `${month}-01`;
  const to = lastDayOfMonth(month);
  return { month, from, to, fromInstant: `${addDays(from, -1)}T00:00:00.000Z`, toInstant: `${addDays(to, 1)}T23:59:59.999Z` };
}

/** Every day of the window in order. */
export function daysOf(window: Pick<LogWindow, 'from' | 'to'>): string[] {
  const days: string[] = [];
  for (let day = window.from; day <= window.to; day = addDays(day, 1)) days.push(day);
  return days;
}
