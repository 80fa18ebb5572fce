import { COMPASS } from '@meld/shared';

/**
 * The user's wall clock. Days are calendar dates (YYYY-MM-DD) in the user's IANA time zone, read
 * with Intl so DST changes and zones with odd offsets need no tables of our own.
 */
export const DEFAULT_TIME_ZONE = 'UTC';
const TIME_ZONE_MAX = 100;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** An IANA zone Intl knows ("Europe/Lisbon", "UTC"); anything else is not a zone. */
export function isValidTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '' || value.length > TIME_ZONE_MAX) return false;
  try {
    formatter(value);
    return true;
  } catch {
    return false;
  }
}

export interface LocalTime {
  /** YYYY-MM-DD */
  date: string;
  hour: number;
  minute: number;
}

export function localTime(now: Date, timeZone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(now)) parts[part.type] = part.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), minute: Number(parts.minute) };
}

export function localDate(now: Date, timeZone: string): string {
  return localTime(now, timeZone).date;
}

/** The evening check-in opens at 15:00 on the user's clock (spec 002 section 9). */
export function eveningOpen(now: Date, timeZone: string): boolean {
  return localTime(now, timeZone).hour >= COMPASS.eveningOpensAtHour;
}

/** Calendar arithmetic on YYYY-MM-DD, done in UTC so no zone's DST can skip or repeat a day. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
