import * as z from 'zod';

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

export const logEntrySchema = z.object({
  /** Unique in the timeline: the type and the source's id. */
  id: z.string(),
  type: z.enum(LOG_ENTRY_TYPES),
  /** The entry's own title where it has one (a win, a woven reflection, a coach thread); the browser names the rest by type. */
  title: z.string().nullable(),
  content: z.string(),
  /** ISO timestamp: when it was written (a win: when it was achieved; a coach highlight: when it was marked). */
  timestamp: z.string(),
  /** The user's local day, YYYY-MM-DD. */
  date: z.string(),
  valueTag: z.enum(LOG_VALUES),
  /** What the coach answered: the daily summary of an evening reflection. */
  aiEcho: z.string().nullable(),
  /** The question the entry answered (an evening reflection's generated question). */
  prompt: z.string().nullable(),
  /** A compass day's sliders, 0-100. */
  mood: z.number().nullable(),
  energy: z.number().nullable(),
  isPinned: z.boolean(),
  tags: z.array(z.string()),
  /** The in-app page the entry comes from, e.g. /today?date=2026-11-03. */
  link: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const logViewQuery = z.object({
  /** Default: the user's current month. */
  month: z.string().regex(MONTH_PATTERN, { error: 'month must be YYYY-MM' }).optional(),
});

export const logDayCountSchema = z.object({ date: z.string(), count: z.int().min(0) });
export type LogDayCount = z.infer<typeof logDayCountSchema>;

export const logViewResponse = z.object({
  month: z.string(),
  timeZone: z.string(),
  /** The user's today, YYYY-MM-DD. */
  today: z.string(),
  /** The month of the user's first entry (the current month before any), and the current month. */
  firstMonth: z.string(),
  lastMonth: z.string(),
  /** Newest first. */
  entries: z.array(logEntrySchema),
  /** Every day of the month, in order, with its entry count (the bar chart). */
  days: z.array(logDayCountSchema),
});
export type LogViewResponse = z.infer<typeof logViewResponse>;

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
