import { TIME_ZONE_HEADER } from '@meld/shared';
import { DEFAULT_TIME_ZONE, eveningOpen, isValidTimeZone, localDate } from './local-time.ts';

/** Where the user's zone is kept; the user store provides these. */
export interface TimeZoneDeps {
  getUserTimeZone(userId: string): Promise<string | undefined>;
  /** Writes the zone unless the profile already holds it (one conditional UpdateItem). */
  saveUserTimeZone(userId: string, timeZone: string): Promise<void>;
}

export interface UserClock {
  timeZone: string;
  /** The user's calendar day now, YYYY-MM-DD. */
  today: string;
  /** After 15:00 on the user's clock. */
  eveningOpen: boolean;
}

/**
 * The user's "today" for compass and reflection routes. The browser's zone (header
 * x-meld-time-zone) wins when valid and is remembered on the profile when it changed, so calls
 * without the header (or with a bad one) still use the zone the user last had; UTC before any.
 * Costs one GetItem, plus one UpdateItem when the zone changed.
 */
export async function userClock(userId: string, headerZone: string | undefined, now: Date, deps: TimeZoneDeps): Promise<UserClock> {
  const stored = await deps.getUserTimeZone(userId);
  let timeZone = isValidTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;
  if (isValidTimeZone(headerZone)) {
    if (headerZone !== stored) await deps.saveUserTimeZone(userId, headerZone);
    timeZone = headerZone;
  }
  return { timeZone, today: localDate(now, timeZone), eveningOpen: eveningOpen(now, timeZone) };
}

/** The x-meld-time-zone header of a request (API Gateway lower-cases header names). */
export function timeZoneHeader(headers: Record<string, string | undefined> | undefined): string | undefined {
  return headers?.[TIME_ZONE_HEADER]?.trim() || undefined;
}
