import { COMPASS } from '@meld/shared';

/** The part of a compass day these rules read (a subset of the view's CompassDay). */
export interface DayProgress {
  mood: number | null;
  energy: number | null;
  completion: { compass: boolean; reflection: boolean };
}

/** The evening check-in opens at 15:00 on the browser's clock (spec 002 section 9). */
export function isEveningOpen(now: Date): boolean {
  return now.getHours() >= COMPASS.eveningOpensAtHour;
}

/** A compass counts as done once it was completed or both sliders were saved. */
export function hasCompass(day: DayProgress | undefined): boolean {
  return Boolean(day && (day.completion.compass || (day.mood !== null && day.energy !== null)));
}

export type Segment = 'compass' | 'evening';

/**
 * Which segment comes first. Before 15:00 (and on any other day) the compass leads: it is the
 * morning's task and reading a past day top to bottom follows the day. From 15:00 today the
 * evening check-in is what is due, so it leads, unless the compass is still incomplete: an
 * unfinished compass stays on top so the day's first step is not buried under its last.
 */
export function segmentOrder(now: Date, isToday: boolean, day: DayProgress | undefined): [Segment, Segment] {
  if (isToday && isEveningOpen(now) && hasCompass(day)) return ['evening', 'compass'];
  return ['compass', 'evening'];
}

export function isLowEnergy(energy: number | null | undefined): boolean {
  return typeof energy === 'number' && energy < COMPASS.lowEnergyBelow;
}
