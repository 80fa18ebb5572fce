import type { LogEntry, LogEntryType, LogValue } from '@meld/shared';

/** What an export holds: the month, the filtered entries (newest first) and the words to print. */
export interface LogExportDoc {
  month: string;
  timeZone: string;
  /** ISO timestamp of the export. */
  exportedAt: string;
  filters: { types: LogEntryType[]; value: LogValue | null; search: string };
  entries: LogEntry[];
}

/** The user-visible words of the Markdown and PDF files, in the user's language. */
export interface LogExportLabels {
  title: string;
  summary: string;
  dayHeading: (date: string) => string;
  time: (timestamp: string) => string;
  type: (type: LogEntryType) => string;
  value: (value: LogValue) => string;
  prompt: string;
  /** The daily summary's label when the coach model wrote it, and when the template did. */
  aiEcho: string;
  summaryEcho: string;
  mood: string;
  energy: string;
  tags: string;
  impact: string;
  pinned: string;
  empty: string;
}

export type LogExportFormat = 'pdf' | 'json' | 'markdown';

export const EXPORT_EXTENSIONS: Record<LogExportFormat, string> = { pdf: 'pdf', json: 'json', markdown: 'md' };
export const EXPORT_TYPES: Record<LogExportFormat, string> = { pdf: 'application/pdf', json: 'application/json', markdown: 'text/markdown;charset=utf-8' };

export function exportFileName(month: string, format: LogExportFormat): string {
  return `meld-log-${month}.${EXPORT_EXTENSIONS[format]}`;
}

/** Entries grouped under their local day, in the entries' own order. */
export function byDay(entries: readonly LogEntry[]): [string, LogEntry[]][] {
  const days = new Map<string, LogEntry[]>();
  for (const entry of entries) days.set(entry.date, [...(days.get(entry.date) ?? []), entry]);
  return [...days];
}

/** One entry's heading: its own title, else its type; then its value and time. */
export function entryHeading(entry: LogEntry, labels: LogExportLabels): string {
  return `${entry.title ?? labels.type(entry.type)} · ${labels.value(entry.valueTag)} · ${labels.time(entry.timestamp)}`;
}

/** The lines under an entry's heading, shared by Markdown and PDF. */
export function entryDetails(
  entry: LogEntry,
  labels: LogExportLabels,
): { prompt?: string; sliders?: string; aiEcho?: string; impact?: { label: string; points: string[] }; tags?: string; pinned?: string } {
  const sliders = [entry.mood === null ? null : `${labels.mood} ${entry.mood}`, entry.energy === null ? null : `${labels.energy} ${entry.energy}`].filter(Boolean).join(' · ');
  const tags = entry.tags.join(', ');
  return {
    ...(entry.prompt ? { prompt: `${labels.prompt}: ${entry.prompt}` } : {}),
    ...(sliders ? { sliders } : {}),
    // "AI echo" only for what a model wrote; the template's words are a summary of the member's own record.
    ...(entry.aiEcho ? { aiEcho: `${entry.echoSource === 'model' ? labels.aiEcho : labels.summaryEcho}: ${entry.aiEcho}` } : {}),
    // A win's impact points, one line each, as the vault shows them.
    ...(entry.impact.length > 0 ? { impact: { label: labels.impact, points: entry.impact } } : {}),
    ...(tags ? { tags: `${labels.tags}: ${tags}` } : {}),
    // Pinned is the member's mark on the entry, not one of its tags.
    ...(entry.isPinned ? { pinned: labels.pinned } : {}),
  };
}
