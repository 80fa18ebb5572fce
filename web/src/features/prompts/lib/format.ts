import { dateFormat } from '@/lib/date-format.ts';
/** A version's moment in the reader's language: "12 Mar 2026, 14:05". */
export function formatDateTime(iso: string, language: string): string {
  return dateFormat(language === 'auto' ? undefined : language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
