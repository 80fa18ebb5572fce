export type DayPart = 'night' | 'morning' | 'afternoon' | 'evening';

/**
 * The part of the day on the member's own clock: the small hours (23:00 to 04:59) are night, not
 * morning, so someone still up at 2 AM is not wished a good morning.
 */
export function dayPart(hour: number): DayPart {
  if (hour >= 23 || hour < 5) return 'night';
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** First word of the display name: greetings use a first name. */
export function firstName(name: string | undefined | null): string {
  return name?.trim().split(/\s+/)[0] ?? '';
}
