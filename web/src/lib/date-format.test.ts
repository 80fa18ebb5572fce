import { describe, expect, it } from 'vitest';
import { dateFormat } from './date-format.ts';

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
