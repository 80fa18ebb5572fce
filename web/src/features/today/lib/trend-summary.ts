import { COMPASS_TREND, type TrendWeek } from '@meld/shared';

export type Measure = 'mood' | 'energy';

/** Where one measure went: up or down since the week it turned, or steady around its latest value. */
export type Movement = { direction: 'up' | 'down'; since: string; from: number; to: number } | { direction: 'steady'; at: number } | { direction: 'none' };

/**
 * How a measure moved, judged from the latest week with a value against the earlier weeks: risen
 * since its lowest week when the rise is the larger swing, fallen since its highest otherwise, and
 * steady when neither swing reaches COMPASS_TREND.steadyWithin points.
 */
export function movement(weeks: readonly TrendWeek[], measure: Measure): Movement {
  const points = weeks.flatMap((week) => (week[measure] === null ? [] : [{ start: week.start, value: week[measure] }]));
  const latest = points.at(-1);
  if (!latest) return { direction: 'none' };
  const earlier = points.slice(0, -1);
  if (earlier.length === 0) return { direction: 'steady', at: latest.value };
  // The first week at the extreme: "since" names when the change began.
  const low = earlier.reduce((best, point) => (point.value < best.value ? point : best));
  const high = earlier.reduce((best, point) => (point.value > best.value ? point : best));
  const rise = latest.value - low.value;
  const fall = high.value - latest.value;
  if (rise >= COMPASS_TREND.steadyWithin && rise >= fall) return { direction: 'up', since: low.start, from: low.value, to: latest.value };
  if (fall >= COMPASS_TREND.steadyWithin) return { direction: 'down', since: high.start, from: high.value, to: latest.value };
  return { direction: 'steady', at: latest.value };
}
