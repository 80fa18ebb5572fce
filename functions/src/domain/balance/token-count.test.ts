import { countTokens as exactCount } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { LONGEST_EXACT_PIECE, countTokens } from './token-count.ts';

describe('token counts', () => {
  it('grows with the text, about four characters a token for English', () => {
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(50);
    expect(countTokens(text)).toBeGreaterThan(text.length / 6);
    expect(countTokens(text)).toBeLessThan(text.length / 3);
  });

  it('counts text without a piece longer than the limit exactly as the encoding does', () => {
    const prose = 'Plan the week: one priority a day, see https://example.com/plan?week=48 — and rest.\n\n日本語の文も数えます。\n'.repeat(300);
    expect(countTokens(prose)).toBe(exactCount(prose));
    // A piece of exactly the limit is one piece, and text just under it in spaces too.
    for (const text of [`x ${'b'.repeat(LONGEST_EXACT_PIECE - 1)} y`, `${'q7'.repeat(40)}${' '.repeat(LONGEST_EXACT_PIECE - 1)}end`]) expect(countTokens(text)).toBe(exactCount(text));
  });

  it('counts a longer piece (letters, Chinese, emoji, spaces, punctuation with newlines) in slices, within a token a slice of the exact count', () => {
    const pieces = ['a'.repeat(20_000), '我们今天讨论一下如何安排一周的工作和生活。'.repeat(500), 'x😀'.repeat(5_000), `lead ${'q7'.repeat(4_000)} tail`, ' '.repeat(20_000), `!${'\n/'.repeat(5_000)}`, ` ${'//!'.repeat(2_000)}`];
    for (const text of pieces) {
      const slices = Math.ceil(text.length / LONGEST_EXACT_PIECE);
      expect(Math.abs(countTokens(text) - exactCount(text)), JSON.stringify(text.slice(0, 12))).toBeLessThanOrEqual(slices);
    }
  });

  it('counts a million characters of one piece in one go: byte-pair encoding such a piece whole took minutes to an hour', () => {
    // Before slicing each of these took minutes of CPU (the ideographic spaces about an hour): the test's timeout is what fails.
    expect(countTokens('a'.repeat(1_000_000))).toBe(125_000);
    expect(countTokens('我'.repeat(1_000_000))).toBeGreaterThan(200_000);
    for (const text of [' '.repeat(1_000_000), '\u3000'.repeat(1_000_000), '\n'.repeat(1_000_000), `!${'\n/'.repeat(500_000)}`]) {
      expect(countTokens(text)).toBeGreaterThan(1_000_000 / LONGEST_EXACT_PIECE);
    }
  });
});
