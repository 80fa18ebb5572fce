/** A thread's last activity: the time today, else the short date. */
export function formatActivity(iso: string, language: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay ? date.toLocaleTimeString(language, { hour: 'numeric', minute: '2-digit' }) : date.toLocaleDateString(language, { month: 'short', day: 'numeric' });
}

/** A mute's end, as a short date. */
export function formatDay(iso: string, language: string): string {
  return new Date(iso).toLocaleDateString(language, { month: 'short', day: 'numeric' });
}
