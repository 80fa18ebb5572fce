import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { assertEditableDay, assertToday } from './editable-day.ts';
import type { UserClock } from './user-clock.ts';

const morning: UserClock = { timeZone: 'Europe/Lisbon', today: '2026-11-22', eveningOpen: false };
const evening: UserClock = { ...morning, eveningOpen: true };

function refusal(run: () => void): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('assertEditableDay', () => {
  it('lets compass entries of today through at any hour', () => {
    for (const type of ['mood', 'energy', 'note'] as const) {
      expect(() => assertEditableDay({ date: '2026-11-22', interactionMeta: { type } }, morning)).not.toThrow();
    }
  });

  it('refuses yesterday and tomorrow, naming date', () => {
    for (const date of ['2026-11-21', '2026-11-23']) {
      const error = refusal(() => assertEditableDay({ date, interactionMeta: { type: 'mood' } }, evening));
      expect(error).toMatchObject({ kind: 'invalid', code: 'VALIDATION_ERROR', field: 'date' });
      expect(error.message).toContain(date);
    }
  });

  it('refuses the evening reflection before 3 PM and accepts it after', () => {
    const error = refusal(() => assertEditableDay({ date: '2026-11-22', interactionMeta: { type: 'evening-reflection' } }, morning));
    expect(error).toMatchObject({ kind: 'invalid', field: 'interactionMeta.type', message: 'The evening check-in opens after 3 PM today.' });
    expect(() => assertEditableDay({ date: '2026-11-22', interactionMeta: { type: 'evening-reflection' } }, evening)).not.toThrow();
  });

  it('names the date before the hour for a past evening reflection', () => {
    expect(refusal(() => assertEditableDay({ date: '2026-11-21', interactionMeta: { type: 'evening-reflection' } }, morning)).field).toBe('date');
  });
});

describe('assertToday', () => {
  it('accepts only the user today', () => {
    expect(() => assertToday('2026-11-22', morning)).not.toThrow();
    expect(refusal(() => assertToday('2026-11-20', morning))).toMatchObject({ field: 'date' });
  });
});
