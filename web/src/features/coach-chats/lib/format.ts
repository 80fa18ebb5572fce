import { dateFormat } from '@/lib/date-format.ts';
/** A thread's last activity: the time today, else the short date. */
export function formatActivity(iso: string, language: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay ? dateFormat(language, { hour: 'numeric', minute: '2-digit' }).format(date) : dateFormat(language, { month: 'short', day: 'numeric' }).format(date);
}

/** A mute's end, as a short date. */
export function formatDay(iso: string, language: string): string {
  return dateFormat(language, { month: 'short', day: 'numeric' }).format(new Date(iso));
}
