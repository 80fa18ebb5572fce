import { dateFormat } from '@/lib/date-format.ts';
/** A table date: "Nov 22, 2026" in the interface language. */
export function formatTableDate(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat(language, { dateStyle: 'medium' }).format(date);
}
