import { describe, expect, it } from 'vitest';
import { addDays, eveningOpen, isValidTimeZone, localDate, localTime } from './local-time.ts';

describe('localTime', () => {
  it('reads the calendar day and hour on the user clock, not the server clock', () => {
    const now = new Date('2026-11-22T23:30:00Z');
    expect(localTime(now, 'UTC')).toEqual({ date: '2026-11-22', hour: 23, minute: 30 });
    expect(localTime(now, 'Asia/Tokyo')).toEqual({ date: '2026-11-23', hour: 8, minute: 30 });
    expect(localTime(now, 'America/Los_Angeles')).toEqual({ date: '2026-11-22', hour: 15, minute: 30 });
  });

  it('crosses year ends in both directions', () => {
    const now = new Date('2026-12-31T20:00:00Z');
    expect(localDate(now, 'Pacific/Kiritimati')).toBe('2027-01-01');
    expect(localDate(new Date('2027-01-01T03:00:00Z'), 'America/New_York')).toBe('2026-12-31');
  });

  it('follows daylight saving changes', () => {
    // Lisbon is UTC+1 in summer and UTC+0 in winter; the clocks went back on 2026-10-25.
    expect(localTime(new Date('2026-10-24T14:30:00Z'), 'Europe/Lisbon').hour).toBe(15);
    expect(localTime(new Date('2026-10-26T14:30:00Z'), 'Europe/Lisbon').hour).toBe(14);
  });

  it('handles zones with half-hour offsets', () => {
    expect(localTime(new Date('2026-11-22T09:00:00Z'), 'Asia/Kolkata')).toEqual({ date: '2026-11-22', hour: 14, minute: 30 });
  });

  it('writes midnight as hour 0', () => {
    expect(localTime(new Date('2026-11-22T00:05:00Z'), 'UTC').hour).toBe(0);
  });
});

describe('eveningOpen', () => {
  it('opens at 15:00 local time and not a minute before', () => {
    expect(eveningOpen(new Date('2026-11-22T14:59:00Z'), 'UTC')).toBe(false);
    expect(eveningOpen(new Date('2026-11-22T15:00:00Z'), 'UTC')).toBe(true);
    expect(eveningOpen(new Date('2026-11-22T23:59:00Z'), 'UTC')).toBe(true);
  });

  it('uses the user zone: 15:00 UTC is still morning in Los Angeles', () => {
    const now = new Date('2026-11-22T15:00:00Z');
    expect(eveningOpen(now, 'America/Los_Angeles')).toBe(false);
    expect(eveningOpen(now, 'Europe/Berlin')).toBe(true);
  });

  it('closes again after local midnight', () => {
    expect(eveningOpen(new Date('2026-11-23T00:30:00Z'), 'Europe/London')).toBe(false);
  });
});

describe('isValidTimeZone', () => {
  it('accepts IANA zones and UTC', () => {
    expect(isValidTimeZone('Europe/Lisbon')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
  });

  it('refuses made-up zones, empty text and non-strings', () => {
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(undefined)).toBe(false);
    expect(isValidTimeZone('A'.repeat(101))).toBe(false);
  });
});

describe('addDays', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-22', -59)).toBe('2026-09-24');
  });

  it('steps whole calendar days over a DST change', () => {
    expect(addDays('2026-03-30', -1)).toBe('2026-03-29');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
  });
});
