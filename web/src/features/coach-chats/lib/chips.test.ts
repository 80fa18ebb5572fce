import { describe, expect, it } from 'vitest';
import { chipInputs, truncateChip, visibleChips } from './chips.ts';

describe('context chips', () => {
  it('cuts a chip at 15 characters and leaves shorter ones whole', () => {
    expect(truncateChip('#presentation-skills')).toBe('#presentation-s…');
    expect(truncateChip('#exactly-15-chr')).toBe('#exactly-15-chr');
  });

  it('shows two chips and counts the rest', () => {
    const chips = ['a', 'b', 'c', 'd'].map((id) => ({ kind: 'tag' as const, id, label: id }));
    expect(visibleChips(chips)).toEqual({ shown: chips.slice(0, 2), more: 2 });
    expect(visibleChips(chips.slice(0, 2)).more).toBe(0);
  });

  it('sends tags and fragments back as the server takes them', () => {
    expect(chipInputs([{ kind: 'tag', id: 'career', label: 'career' }, { kind: 'fragment', id: 'f1', label: 'A thought' }])).toEqual([
      { kind: 'tag', tag: 'career' },
      { kind: 'fragment', fragmentId: 'f1' },
    ]);
  });
});
