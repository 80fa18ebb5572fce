import { describe, expect, it } from 'vitest';
import { suggestStates } from './state-suggestions.ts';

describe('suggestStates', () => {
  it('matches case-insensitively and shows at most five', () => {
    const result = suggestStates('A');
    expect(result).toHaveLength(5);
    expect(result.slice(0, 4)).toEqual(['Alabama', 'Alaska', 'Arizona', 'Arkansas']);
  });

  it('puts names that start with the text before other matches', () => {
    expect(suggestStates('new')).toEqual(['New Hampshire', 'New Jersey', 'New Mexico', 'New York']);
    expect(suggestStates('kan')).toEqual(['Kansas', 'Arkansas']);
  });

  it('suggests nothing for blank text or an exact state', () => {
    expect(suggestStates('  ')).toEqual([]);
    expect(suggestStates('texas')).toEqual([]);
  });
});
