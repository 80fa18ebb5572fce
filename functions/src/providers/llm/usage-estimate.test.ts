import { describe, expect, it } from 'vitest';
import { estimatePromptTokens, estimateTokens } from './usage-estimate.ts';

describe('estimateTokens', () => {
  it('counts English at about 1.3 tokens per word', () => {
    expect(estimateTokens('one two three four five six seven eight nine ten')).toBe(13);
  });

  it('counts text without spaces by its length, not as one word', () => {
    expect(estimateTokens('x'.repeat(400))).toBe(100);
    expect(estimateTokens('')).toBe(0);
  });
});

describe('estimatePromptTokens', () => {
  it('adds each message and the framing of the conversation', () => {
    expect(estimatePromptTokens([{ content: 'one two three four five six seven eight nine ten' }, { content: 'hi' }])).toBe(3 + (4 + 13) + (4 + 2));
  });

  it("adds each attached image's counted cost", () => {
    expect(estimatePromptTokens([{ content: 'hi', images: [{ tokens: 85 }, { tokens: 765 }] }])).toBe(3 + 4 + 2 + 85 + 765);
  });
});
