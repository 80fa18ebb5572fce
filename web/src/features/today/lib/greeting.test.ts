import { describe, expect, it } from 'vitest';
import { dayPart } from './greeting.ts';

describe('dayPart', () => {
  it.each([
    [0, 'night'],
    [2, 'night'],
    [4, 'night'],
    [5, 'morning'],
    [11, 'morning'],
    [12, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [22, 'evening'],
    [23, 'night'],
  ])('calls %i:00 %s', (hour, part) => {
    expect(dayPart(hour)).toBe(part);
  });
});
