/** Calendar days as local YYYY-MM-DD strings (the API's day format), without time-zone drift. */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number) => String(value).padStart(2, '0');

export function toIsoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function todayIsoDay(now: Date = new Date()): string {
  return toIsoDay(now);
}

/** A local Date at midnight for a valid YYYY-MM-DD, else null (e.g. 2025-02-30). */
export function parseIsoDay(value: string | null | undefined): Date | null {
  const match = value ? ISO_DAY.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

export function addDays(isoDay: string, days: number): string {
  const date = parseIsoDay(isoDay) ?? new Date();
  date.setDate(date.getDate() + days);
  return toIsoDay(date);
}
