/**
 * The one way the web app formats dates: a formatter per language, options and time zone, built
 * once. Building an Intl.DateTimeFormat costs about a millisecond (several at 4x CPU) and the first
 * one a page builds loads the locale's calendar data (about 250 ms at 4x CPU). The log built two per
 * entry per render: 290 ms of its first render (issue 25 §7); formatting with a kept one costs
 * microseconds.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** How long the browser's zone is reused: a member who travels with the tab open is seen in the new zone within a minute. */
const TIME_ZONE_REUSE_MS = 60_000;
let zone: { name: string; readAt: number } | undefined;

interface TemporalNow {
  Now: { timeZoneId: () => string };
}

/**
 * The zone's name. Temporal reads it without a date formatter: the page's first Intl.DateTimeFormat
 * loads the locale's calendar data, which held up the session's refresh on every page load (issue
 * 25 §7). Where Temporal is missing, the formatter it is.
 */
function readTimeZone(): string {
  const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;
  return temporal?.Now.timeZoneId() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The browser's IANA time zone, read at most once a minute (a page's first load formats and asks a lot in one task). */
export function browserTimeZone(now = Date.now()): string {
  if (!zone || now - zone.readAt > TIME_ZONE_REUSE_MS) zone = { name: readTimeZone(), readAt: now };
  return zone.name;
}

/**
 * A formatter for `language` (undefined: the browser's) and `options`. Without a `timeZone` it
 * formats in the browser's zone as it is now: a kept formatter would keep the zone it was built in
 * after the member's clock moved to another.
 */
export function dateFormat(language: string | undefined, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const zoned = options.timeZone ? options : { ...options, timeZone: browserTimeZone() };
  const key = `${language ?? ''}|${JSON.stringify(zoned)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, zoned);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Test helper: read the zone afresh (a fake clock may have read it "in the future"). */
export function resetTimeZoneForTests(): void {
  zone = undefined;
}
