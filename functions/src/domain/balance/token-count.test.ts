import { countTokens as exactCount } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { LONGEST_EXACT_RUN, countTokens } from './token-count.ts';

describe('token counts', () => {
  it('grows with the text, about four characters a token for English', () => {
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(50);
    expect(countTokens(text)).toBeGreaterThan(text.length / 6);
    expect(countTokens(text)).toBeLessThan(text.length / 3);
  });

  it('counts text without a long unbroken run exactly as the encoding does', () => {
    const prose = 'Plan the week: one priority a day, see https://example.com/plan?week=48 — and rest.\n\n日本語の文も数えます。\n'.repeat(300);
    expect(countTokens(prose)).toBe(exactCount(prose));
    const longest = 'b'.repeat(LONGEST_EXACT_RUN);
    expect(countTokens(`${longest} ${longest}`)).toBe(exactCount(`${longest} ${longest}`));
  });

  it('counts a long unbroken run (letters, Chinese, emoji) in slices, within a token a slice of the exact count', () => {
    for (const run of ['a'.repeat(20_000), '我们今天讨论一下如何安排一周的工作和生活。'.repeat(500), 'x😀'.repeat(5_000), `lead ${'q7'.repeat(4_000)} tail`]) {
      const slices = Math.ceil(run.length / LONGEST_EXACT_RUN);
      expect(Math.abs(countTokens(run) - exactCount(run)), run.slice(0, 12)).toBeLessThanOrEqual(slices);
    }
  });

  it('counts a million characters with no space in one go: byte-pair encoding a run that long whole took minutes', () => {
    // Before slicing this took about six minutes of CPU: the test's timeout is what fails.
    expect(countTokens('a'.repeat(1_000_000))).toBe(125_000);
    expect(countTokens('我'.repeat(1_000_000))).toBeGreaterThan(200_000);
  });
});
