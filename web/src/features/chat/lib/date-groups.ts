/**
 * The sidebar's date headers (spec 000 "Sidebar navigation"): Today, Yesterday, Previous 7 days,
 * Previous 30 days, then the months of the current year, then years. Days are local calendar
 * days, so "yesterday" means the date before today's, not 24 hours ago.
 */
export type DateGroup =
  | { kind: 'today' | 'yesterday' | 'previous7' | 'previous30' }
  | { kind: 'month'; year: number; month: number }
  | { kind: 'year'; year: number };

const MS_PER_DAY = 86_400_000;

function calendarDaysBetween(earlier: Date, later: Date): number {
  const a = Date.UTC(earlier.getFullYear(), earlier.getMonth(), earlier.getDate());
  const b = Date.UTC(later.getFullYear(), later.getMonth(), later.getDate());
  return Math.round((b - a) / MS_PER_DAY);
}

export function dateGroupOf(date: Date, now: Date): DateGroup {
  const days = calendarDaysBetween(date, now);
  // A clock running ahead on another device can stamp a future time: still today.
  if (days <= 0) return { kind: 'today' };
  if (days === 1) return { kind: 'yesterday' };
  if (days <= 7) return { kind: 'previous7' };
  if (days <= 30) return { kind: 'previous30' };
  if (date.getFullYear() === now.getFullYear()) return { kind: 'month', year: date.getFullYear(), month: date.getMonth() };
  return { kind: 'year', year: date.getFullYear() };
}

export function dateGroupKey(group: DateGroup): string {
  if (group.kind === 'month') return `month-${group.year}-${group.month}`;
  if (group.kind === 'year') return `year-${group.year}`;
  return group.kind;
}

export interface DatedSection<T> {
  key: string;
  group: DateGroup;
  items: T[];
}

/**
 * Splits a newest-first list into date sections in the order they first appear. An item with an
 * unreadable date goes under Today rather than disappearing.
 */
export function groupByDate<T>(items: readonly T[], dateOf: (item: T) => string, now: Date): DatedSection<T>[] {
  const sections = new Map<string, DatedSection<T>>();
  for (const item of items) {
    const date = new Date(dateOf(item));
    const group: DateGroup = Number.isNaN(date.getTime()) ? { kind: 'today' } : dateGroupOf(date, now);
    const key = dateGroupKey(group);
    const section = sections.get(key);
    if (section) section.items.push(item);
    else sections.set(key, { key, group, items: [item] });
  }
  return [...sections.values()];
}
