import type { LogEntry, LogEntryType, LogValue } from '@meld/shared';

export interface LogFilters {
  /** Empty: every type. */
  types: LogEntryType[];
  value: LogValue | null;
  search: string;
}

export const NO_FILTERS: LogFilters = { types: [], value: null, search: '' };

/** The spec's log filters: entry types, value, and a search over the content and the AI echo (and the title). */
export function filterEntries(entries: readonly LogEntry[], filters: LogFilters): LogEntry[] {
  const needle = filters.search.trim().toLowerCase();
  return entries.filter(
    (entry) =>
      (filters.types.length === 0 || filters.types.includes(entry.type)) &&
      (filters.value === null || entry.valueTag === filters.value) &&
      (!needle || [entry.content, entry.aiEcho, entry.title].some((text) => text?.toLowerCase().includes(needle))),
  );
}

export function activeFilterCount(filters: LogFilters): number {
  return (filters.types.length > 0 ? 1 : 0) + (filters.value ? 1 : 0) + (filters.search.trim() ? 1 : 0);
}

export function toggleType(types: readonly LogEntryType[], type: LogEntryType): LogEntryType[] {
  return types.includes(type) ? types.filter((item) => item !== type) : [...types, type];
}

/** Entries grouped under their local day, newest day first (the entries' own order). */
export function groupByDay(entries: readonly LogEntry[]): { date: string; entries: LogEntry[] }[] {
  const days = new Map<string, LogEntry[]>();
  for (const entry of entries) days.set(entry.date, [...(days.get(entry.date) ?? []), entry]);
  return [...days].map(([date, list]) => ({ date, entries: list }));
}

/** The anchor a Jump-to link scrolls to. */
export const dayAnchor = (date: string) => `log-day-${date}`;
