import { describe, expect, it } from 'vitest';
import { onSpokenDay, spokenDay } from './spoken-day.ts';

// Tuesday 10 March 2026.
const TODAY = '2026-03-10';

describe('a day as people write it', () => {
  it('says today and yesterday', () => {
    expect(spokenDay('2026-03-10', TODAY)).toBe('today');
    expect(spokenDay('2026-03-09', TODAY)).toBe('yesterday');
  });

  it('names the weekday within the last week, and the date from seven days back', () => {
    expect(spokenDay('2026-03-08', TODAY)).toBe('Sunday');
    expect(spokenDay('2026-03-04', TODAY)).toBe('Wednesday');
    expect(spokenDay('2026-03-03', TODAY)).toBe('3 March');
  });

  it('gives the day and month this year, and the year too before it', () => {
    expect(spokenDay('2026-01-04', TODAY)).toBe('4 January');
    expect(spokenDay('2025-12-04', TODAY)).toBe('4 December 2025');
    // Across the new year, the last week still reads as weekdays.
    expect(spokenDay('2025-12-29', '2026-01-02')).toBe('Monday');
  });

  it('reads the same wherever the server runs: the days are the member’s local days', () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
        process.env.TZ = tz;
        expect(spokenDay('2026-03-05', TODAY)).toBe('Thursday');
      }
    } finally {
      process.env.TZ = zone;
    }
  });

  it('puts "on" before a named day, not before today or yesterday', () => {
    expect(onSpokenDay('2026-03-10', TODAY)).toBe('today');
    expect(onSpokenDay('2026-03-09', TODAY)).toBe('yesterday');
    expect(onSpokenDay('2026-03-05', TODAY)).toBe('on Thursday');
    expect(onSpokenDay('2025-12-04', TODAY)).toBe('on 4 December 2025');
  });
});
