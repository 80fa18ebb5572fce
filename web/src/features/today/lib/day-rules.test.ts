import { describe, expect, it } from 'vitest';
import { hasCompass, isEveningOpen, isLowEnergy, segmentOrder } from './day-rules.ts';

const day = (mood: number | null, energy: number | null, compass = false) => ({ mood, energy, completion: { compass, reflection: false } });
const at = (hour: number, minute = 0) => new Date(2026, 2, 10, hour, minute);

describe('day rules', () => {
  it('opens the evening at 15:00 on the browser clock', () => {
    expect(isEveningOpen(at(14, 59))).toBe(false);
    expect(isEveningOpen(at(15, 0))).toBe(true);
  });

  it('counts a compass as done when completed or when both sliders were saved', () => {
    expect(hasCompass(day(70, null))).toBe(false);
    expect(hasCompass(day(70, 60))).toBe(true);
    expect(hasCompass(day(null, null, true))).toBe(true);
    expect(hasCompass(undefined)).toBe(false);
  });

  it('leads with the evening only after 3 PM today with the compass done', () => {
    expect(segmentOrder(at(16), true, day(70, 60))).toEqual(['evening', 'compass']);
    expect(segmentOrder(at(16), true, day(70, null))).toEqual(['compass', 'evening']);
    expect(segmentOrder(at(10), true, day(70, 60))).toEqual(['compass', 'evening']);
    expect(segmentOrder(at(16), false, day(70, 60))).toEqual(['compass', 'evening']);
  });

  it('calls energy low below 40', () => {
    expect(isLowEnergy(35)).toBe(true);
    expect(isLowEnergy(40)).toBe(false);
    expect(isLowEnergy(null)).toBe(false);
  });
});
