import { describe, expect, it } from 'vitest';
import { countPromptTokens, countTokens } from './token-count.ts';

describe('token counts', () => {
  it('counts a prompt as its messages plus the per-message and reply overhead', () => {
    const turns = [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Hello, world!' },
    ];
    const content = countTokens('system') + countTokens('You are terse.') + countTokens('user') + countTokens('Hello, world!');
    expect(countPromptTokens(turns)).toBe(content + 2 * 3 + 3);
    expect(countPromptTokens([])).toBe(3);
  });

  it('grows with the text, about four characters a token for English', () => {
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(50);
    expect(countTokens(text)).toBeGreaterThan(text.length / 6);
    expect(countTokens(text)).toBeLessThan(text.length / 3);
  });
});
