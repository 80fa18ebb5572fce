import type { CompassDay } from './schemas/interactions.ts';

/**
 * The daily compass's constants and slider labels (spec 002 sections 5 and 9). The browser shows
 * the labels and the server validates with the same numbers, so they live here once.
 */

export const COMPASS = {
  sliderMin: 0,
  sliderMax: 100,
  sliderStep: 5,
  defaultMood: 70,
  defaultEnergy: 60,
  /** Energy below this shows the recharge nudge. */
  lowEnergyBelow: 40,
  /** The evening check-in opens at this local hour (24-hour clock). */
  eveningOpensAtHour: 15,
  /** The streak badge shows from this many consecutive days. */
  streakBadgeMin: 3,
  /** The compass view returns at most this many days, so streaks count up to this many. */
  maxViewDays: 60,
} as const;

/** The mood and energy trend on Today: weekly averages over the last weeks, one range read. */
export const COMPASS_TREND = {
  defaultWeeks: 8,
  minWeeks: 4,
  /** At most 84 days: a bounded read, and as far back as a glance at a trend needs. */
  maxWeeks: 12,
  /** Days with a mood or an energy the trend needs before it draws lines. */
  minDays: 7,
  /** A change smaller than this (0-100 scale) reads as holding steady. */
  steadyWithin: 5,
} as const;

/** The browser's IANA time zone travels on every request in this header. */
export const TIME_ZONE_HEADER = 'x-meld-time-zone';

export const MOOD_LABELS = ['Low', 'Okay', 'Good', 'Great', 'Wonderful'] as const;
export type MoodLabel = (typeof MOOD_LABELS)[number];
export const ENERGY_LABELS = ['Drained', 'Steady', 'Focused', 'Energised', 'Powerful'] as const;
export type EnergyLabel = (typeof ENERGY_LABELS)[number];

/** Mood: >=85 Wonderful, >=70 Great, >=55 Good, >=40 Okay, else Low. */
export function moodLabel(mood: number): MoodLabel {
  if (mood >= 85) return 'Wonderful';
  if (mood >= 70) return 'Great';
  if (mood >= 55) return 'Good';
  if (mood >= 40) return 'Okay';
  return 'Low';
}

/** Energy by fifths of 0-100: 0-19 Drained ... 80-100 Powerful. */
export function energyLabel(energy: number): EnergyLabel {
  const fifth = Math.min(ENERGY_LABELS.length - 1, Math.max(0, Math.floor(energy / 20)));
  return ENERGY_LABELS[fifth]!;
}

/** A slider value the compass accepts: a whole number from 0 to 100 in steps of 5. */
export function isSliderValue(value: number): boolean {
  return Number.isInteger(value) && value >= COMPASS.sliderMin && value <= COMPASS.sliderMax && value % COMPASS.sliderStep === 0;
}

/** A day with nothing saved yet: the server's starting point for a day, and the browser's test fixtures. */
export function emptyCompassDay(date: string): CompassDay {
  return {
    date,
    mood: null,
    energy: null,
    note: null,
    eveningNote: null,
    dailySummary: null,
    summarySource: null,
    summaryStale: false,
    reflectionInteractionId: null,
    moodInteractionId: null,
    energyInteractionId: null,
    noteInteractionId: null,
    completion: { compass: false, reflection: false },
  };
}
