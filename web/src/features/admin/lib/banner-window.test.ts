import { describe, expect, it } from 'vitest';
import { bannerStatus, fromLocalInput, toLocalInput } from './banner-window.ts';

const now = new Date('2026-11-22T12:00:00.000Z');

describe('bannerStatus', () => {
  it('is scheduled before the start, live inside the window and ended from its end on', () => {
    expect(bannerStatus({ displayFrom: '2026-11-22T12:00:01.000Z', displayTo: null }, now)).toBe('scheduled');
    expect(bannerStatus({ displayFrom: '2026-11-22T12:00:00.000Z', displayTo: null }, now)).toBe('live');
    expect(bannerStatus({ displayFrom: '2026-11-01T00:00:00.000Z', displayTo: '2026-11-22T12:00:01.000Z' }, now)).toBe('live');
    expect(bannerStatus({ displayFrom: '2026-11-01T00:00:00.000Z', displayTo: '2026-11-22T12:00:00.000Z' }, now)).toBe('ended');
  });
});

describe('datetime-local values', () => {
  it('show an instant in local time and read it back as the same instant (to the minute)', () => {
    const local = toLocalInput('2026-11-22T14:05:30.000Z');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    const date = new Date('2026-11-22T14:05:30.000Z');
    expect(local).toBe(`2026-11-${String(date.getDate()).padStart(2, '0')}T${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`);
    expect(fromLocalInput(local)).toBe('2026-11-22T14:05:00.000Z');
  });

  it('read a blank or broken value as no value', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
  });
});
