import { dateFormat } from '@/lib/date-format.ts';
/** Dates and durations as the admin tables show them, in the reader's language. */

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export function isTimestamp(value: unknown): value is string {
  return typeof value === 'string' && ISO_TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value));
}

/** "Nov 22, 2026" */
export function formatDate(value: string, language: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat(language, { month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

/** "Nov 22, 2026, 14:05" */
export function formatDateTime(value: string, language: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : dateFormat(language, { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(date);
}

/** A recording's length as m:ss. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Long answers are cut at a word boundary near `max` characters (spec 002 section 9: 120 in tables). */
export function truncate(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  const slice = text.slice(0, max);
  const lastSpace = slice.lastIndexOf(' ');
  return { text: `${(lastSpace > max * 0.6 ? slice.slice(0, lastSpace) : slice).trimEnd()}…`, cut: true };
}
