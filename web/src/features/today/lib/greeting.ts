export type DayPart = 'morning' | 'afternoon' | 'evening';

export function dayPart(hour: number): DayPart {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** First word of the display name: greetings use a first name. */
export function firstName(name: string | undefined | null): string {
  return name?.trim().split(/\s+/)[0] ?? '';
}
