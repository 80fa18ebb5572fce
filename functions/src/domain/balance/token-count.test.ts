import { describe, expect, it } from 'vitest';
import { countTokens } from './token-count.ts';

describe('token counts', () => {
  it('grows with the text, about four characters a token for English', () => {
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(50);
    expect(countTokens(text)).toBeGreaterThan(text.length / 6);
    expect(countTokens(text)).toBeLessThan(text.length / 3);
  });
});
