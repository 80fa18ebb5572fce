import * as z from 'zod';
import { LOG_ENTRY_TYPES, LOG_VALUES, MONTH_PATTERN } from '../log-constants.ts';
import { SUMMARY_SOURCES } from './interactions.ts';

export { LOG_ENTRY_TYPES, LOG_LIMITS, LOG_VALUES, MONTH_PATTERN, dayBarHeight, monthsBetween } from '../log-constants.ts';
export type { LogEntryType, LogValue } from '../log-constants.ts';

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
  /** The daily summary of an evening reflection. */
  aiEcho: z.string().nullable(),
  /** Who wrote it: shown as an AI echo only when the coach model did; the template's is a summary. */
  echoSource: z.enum(SUMMARY_SOURCES).nullable(),
  /** The question the entry answered (an evening reflection's generated question). */
  prompt: z.string().nullable(),
  /** A compass day's sliders, 0-100. */
  mood: z.number().nullable(),
  energy: z.number().nullable(),
  isPinned: z.boolean(),
  tags: z.array(z.string()),
  /** A win's impact points (the vault's "impact", up to three); empty for every other entry. */
  impact: z.array(z.string()),
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
