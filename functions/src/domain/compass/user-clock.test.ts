import { describe, expect, it } from 'vitest';
import { timeZoneHeader, userClock, type TimeZoneDeps } from './user-clock.ts';

function profileZone(initial?: string) {
  const saved: string[] = [];
  let zone = initial;
  const deps: TimeZoneDeps = {
    getUserTimeZone: async () => zone,
    saveUserTimeZone: async (_userId, timeZone) => {
      saved.push(timeZone);
      zone = timeZone;
    },
  };
  return { deps, saved };
}

const now = new Date('2026-11-22T23:30:00Z');

describe('userClock', () => {
  it('uses the header zone for today and remembers it on the profile', async () => {
    const { deps, saved } = profileZone();
    expect(await userClock('u1', 'Asia/Tokyo', now, deps)).toEqual({ timeZone: 'Asia/Tokyo', today: '2026-11-23', eveningOpen: false });
    expect(saved).toEqual(['Asia/Tokyo']);
  });

  it('writes nothing when the profile already holds the zone', async () => {
    const { deps, saved } = profileZone('Asia/Tokyo');
    await userClock('u1', 'Asia/Tokyo', now, deps);
    expect(saved).toEqual([]);
  });

  it('falls back to the profile zone when the header is missing or invalid', async () => {
    const { deps, saved } = profileZone('America/Los_Angeles');
    expect((await userClock('u1', undefined, now, deps)).today).toBe('2026-11-22');
    expect((await userClock('u1', 'Not/A_Zone', now, deps)).timeZone).toBe('America/Los_Angeles');
    expect(saved).toEqual([]);
  });

  it('uses UTC before the browser ever sent a zone', async () => {
    const { deps } = profileZone();
    expect(await userClock('u1', undefined, now, deps)).toEqual({ timeZone: 'UTC', today: '2026-11-22', eveningOpen: true });
  });
});

describe('timeZoneHeader', () => {
  it('reads and trims the x-meld-time-zone header', () => {
    expect(timeZoneHeader({ 'x-meld-time-zone': ' Europe/Lisbon ' })).toBe('Europe/Lisbon');
    expect(timeZoneHeader({ 'x-meld-time-zone': '' })).toBeUndefined();
    expect(timeZoneHeader(undefined)).toBeUndefined();
  });
});
