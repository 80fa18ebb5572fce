import { dateFormat } from '@/lib/date-format.ts';
/** "Nov 12, 14:05" this year, with the year otherwise. */
export function formatCaptured(iso: string, language: string, now = new Date()): string {
  const date = new Date(iso);
  const otherYear = date.getFullYear() !== now.getFullYear();
  return dateFormat(language, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', ...(otherYear ? { year: 'numeric' } : {}) }).format(date);
}
