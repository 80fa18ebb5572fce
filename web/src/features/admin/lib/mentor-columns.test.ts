import { describe, expect, it } from 'vitest';
import { mentor } from '../test/admin-test-kit.tsx';
import { cellText, extraColumns, humanizeField } from './mentor-columns.ts';
import { truncate } from './format.ts';

describe('mentor table columns', () => {
  it('adds a column for every field outside the fixed set, never for the hidden ones', () => {
    const rows = [
      { ...mentor({ _id: 'a', firstName: 'A' }), __v: 0, accessToken: 'x'.repeat(64) },
      { ...mentor({ _id: 'b', firstName: 'B' }), linkedIn: 'https://example.com/b' },
    ];
    expect(extraColumns(rows)).toEqual(['updatedAt', 'tokenCreatedAt', 'completedAt', 'linkedIn']);
  });

  it('joins arrays with commas, shows timestamps as dates and nothing as empty', () => {
    expect(cellText(['Hiring', 'Scaling'], 'en')).toBe('Hiring, Scaling');
    expect(cellText('2026-11-03T10:00:00.000Z', 'en')).toBe('Nov 3, 2026');
    expect(cellText(null, 'en')).toBe('');
    expect(cellText(true, 'en')).toBe('true');
  });

  it('names a field it has no label for', () => {
    expect(humanizeField('expertiseAreas')).toBe('Expertise areas');
    expect(humanizeField('years_of_experience')).toBe('Years of experience');
  });

  it('cuts long text at a word near the limit', () => {
    expect(truncate('short', 120)).toEqual({ text: 'short', cut: false });
    const cut = truncate('word '.repeat(40), 120);
    expect(cut.cut).toBe(true);
    expect(cut.text.length).toBeLessThanOrEqual(121);
    expect(cut.text.endsWith('word…')).toBe(true);
  });
});
