import { describe, expect, it, vi } from 'vitest';
import { browserTimeZone, dateFormat, resetTimeZoneForTests } from './date-format.ts';

describe('dateFormat', () => {
  it('keeps one formatter per language and options', () => {
    const first = dateFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    expect(dateFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' })).toBe(first);
    expect(dateFormat('fr', { month: 'short', day: 'numeric', timeZone: 'UTC' })).not.toBe(first);
    expect(dateFormat('en', { month: 'long', day: 'numeric', timeZone: 'UTC' })).not.toBe(first);
    expect(first.format(new Date('2026-03-04T10:00:00Z'))).toBe('Mar 4');
  });

  it('tells the browser default language from a named one', () => {
    expect(dateFormat(undefined, { year: 'numeric', timeZone: 'UTC' })).not.toBe(dateFormat('de', { year: 'numeric', timeZone: 'UTC' }));
  });
});

describe('a kept formatter and the clock moving zone', () => {
  it('formats in the zone the browser is in now, read at most once a minute', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let now = 'America/New_York';
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => now } });
    resetTimeZoneForTests();
    try {
      const lateEvening = new Date('2026-03-01T03:30:00Z'); // 22:30 on 28 February in New York, 04:30 on 1 March in Berlin
      expect(dateFormat('en', { month: 'long' }).format(lateEvening)).toBe('February');
      now = 'Europe/Berlin';
      vi.advanceTimersByTime(61_000);
      expect(dateFormat('en', { month: 'long' }).format(lateEvening)).toBe('March');
      expect(browserTimeZone()).toBe('Europe/Berlin');
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
      resetTimeZoneForTests();
    }
  });
});
