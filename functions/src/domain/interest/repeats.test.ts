import { describe, expect, it } from 'vitest';
import { repeatsOf } from './repeats.ts';

describe('repeat sign-ups', () => {
  it('marks each later sign-up of an address as a repeat of its first, whatever the order, case or spaces', () => {
    const records = [
      { id: 'c', email: 'Ada@Example.com ', createdAt: '2026-05-03T00:00:00.000Z' },
      { id: 'a', email: 'ada@example.com', createdAt: '2026-05-01T00:00:00.000Z' },
      { id: 'x', email: 'grace@example.com', createdAt: '2026-05-02T00:00:00.000Z' },
      { id: 'b', email: 'ADA@EXAMPLE.COM', createdAt: '2026-05-01T00:00:00.000Z' },
    ];
    expect(Object.fromEntries(repeatsOf(records))).toEqual({ b: 'a', c: 'a' });
  });
});
