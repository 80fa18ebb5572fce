import { describe, expect, it } from 'vitest';
import { energyLabel, isSliderValue, moodLabel } from './compass.ts';

describe('moodLabel', () => {
  it('names each band from its lower bound', () => {
    expect([0, 39, 40, 54, 55, 69, 70, 84, 85, 100].map(moodLabel)).toEqual(['Low', 'Low', 'Okay', 'Okay', 'Good', 'Good', 'Great', 'Great', 'Wonderful', 'Wonderful']);
  });
});

describe('energyLabel', () => {
  it('names the fifths of the scale, 100 included in the top one', () => {
    expect([0, 15, 20, 35, 40, 55, 60, 75, 80, 100].map(energyLabel)).toEqual([
      'Drained',
      'Drained',
      'Steady',
      'Steady',
      'Focused',
      'Focused',
      'Energised',
      'Energised',
      'Powerful',
      'Powerful',
    ]);
  });
});

describe('isSliderValue', () => {
  it('takes whole numbers from 0 to 100 in steps of 5 only', () => {
    expect([0, 5, 70, 100].every(isSliderValue)).toBe(true);
    expect([-5, 101, 105, 72, 50.5, Number.NaN].some(isSliderValue)).toBe(false);
  });
});
