/*
 * The user's calendar: the browser's IANA zone from x-meld-time-zone (UTC when missing or not a
 * zone Intl knows). One place, so the profile's stored zone can replace the header later.
 */

export const TIME_ZONE_HEADER = 'x-meld-time-zone';

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** `headers` as the gateway hands them over, names lower-cased. */
export function requestTimeZone(headers: Record<string, string | undefined>): string {
  const sent = headers[TIME_ZONE_HEADER]?.trim();
  return sent && sent.length <= 100 && isTimeZone(sent) ? sent : 'UTC';
}

/** The calendar day, YYYY-MM-DD, of an instant in a time zone. */
export function localDay(instant: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}
