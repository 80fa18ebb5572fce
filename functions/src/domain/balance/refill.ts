import type { RefillUnit } from '@meld/shared';

const UNIT_MS: Record<Exclude<RefillUnit, 'months'>, number> = {
  seconds: 1_000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
  weeks: 604_800_000,
};

/** When the next refill is due after one at `last`; months are calendar months (UTC), clamped to the month's end. */
export function nextRefillAt(last: Date, value: number, unit: RefillUnit): Date {
  if (unit !== 'months') return new Date(last.getTime() + value * UNIT_MS[unit]);
  // Clamped to the month's last day, so a refill on 31 January falls due on 28 February, not in March.
  const next = new Date(last);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + value);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(last.getUTCDate(), lastDay));
  return next;
}
