// Plain values of this contract, apart from its zod schemas so that pages which only read them do
// not ship zod (see conversation-constants.ts).

/**
 * The log (spec 002 sections 2-4, issue 8): every real entry of a month in one timeline, in the
 * user's time zone. Entries come from compass days, evening reflections (the day's summary is their
 * AI echo), fragments, woven reflections, wins and coach chat highlights (a reply the member gave
 * a thumbs-up or bookmarked).
 */
export const LOG_ENTRY_TYPES = ['compass', 'reflection', 'fragment', 'weave', 'win', 'coach'] as const;
export type LogEntryType = (typeof LOG_ENTRY_TYPES)[number];

/** The spec's log values. */
export const LOG_VALUES = ['Growth', 'Insight', 'Connection', 'Impact', 'Learning'] as const;
export type LogValue = (typeof LOG_VALUES)[number];

export const LOG_LIMITS = {
  /** A day's bar in the chart (spec 002 section 9). */
  barMinPx: 4,
  barMaxPx: 48,
  /** The timeline's "Today" button shows after this much scroll. */
  todayButtonAfterPx: 1000,
} as const;

/** YYYY-MM */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The months from `first` to `last` inclusive, newest first (the month picker). */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = last.split('-').map(Number) as [number, number];
  while (months.length < 1200) {
    const current = `${year}-${String(month).padStart(2, '0')}`;
    if (current < first) break;
    months.push(current);
    month -= 1;
    if (month === 0) [year, month] = [year - 1, 12];
  }
  return months;
}

/** A day's bar height: proportional to the busiest day, never below 4 px nor above 48 px. */
export function dayBarHeight(count: number, maxCount: number): number {
  if (count <= 0 || maxCount <= 0) return LOG_LIMITS.barMinPx;
  const height = Math.round((count / maxCount) * LOG_LIMITS.barMaxPx);
  return Math.min(LOG_LIMITS.barMaxPx, Math.max(LOG_LIMITS.barMinPx, height));
}
