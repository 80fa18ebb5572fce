import { dateFormat } from '@/lib/date-format.ts';
/** A version's day as the member reads it: "Nov 22, 2026". */
export function formatDay(iso: string, language: string): string {
  return dateFormat(language, { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));
}

/** A local day (YYYY-MM-DD) without moving it across zones. */
export function formatIsoDay(day: string, language: string): string {
  return dateFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** Whole days until `iso` from `now`, never below zero. */
export function daysUntil(iso: string, now: Date): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now.getTime()) / 86_400_000));
}

/** The chapter's text cut into plain runs and highlighted passages, in order. */
export function highlightRuns<V extends string>(content: string, highlights: readonly { text: string; value: V }[]): { text: string; value: V | null }[] {
  const marks = highlights
    .map((highlight) => ({ ...highlight, at: content.indexOf(highlight.text) }))
    .filter((mark) => mark.at >= 0 && mark.text.length > 0)
    .sort((a, b) => a.at - b.at);
  const runs: { text: string; value: V | null }[] = [];
  let cursor = 0;
  for (const mark of marks) {
    if (mark.at < cursor) continue;
    if (mark.at > cursor) runs.push({ text: content.slice(cursor, mark.at), value: null });
    runs.push({ text: mark.text, value: mark.value });
    cursor = mark.at + mark.text.length;
  }
  if (cursor < content.length) runs.push({ text: content.slice(cursor), value: null });
  return runs;
}
