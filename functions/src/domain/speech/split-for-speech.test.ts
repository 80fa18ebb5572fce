import { describe, expect, it } from 'vitest';
import { splitForSpeech } from './split-for-speech.ts';

describe('splitting text for a speech engine', () => {
  it('keeps a text within the limit whole, trimmed', () => {
    expect(splitForSpeech('  One short reply.  ', 100)).toEqual(['One short reply.']);
  });

  it('cuts after the last sentence that fits, so each part reads naturally', () => {
    const text = 'The first sentence is here. The second one follows it! Then a third, which runs on and on.';
    const parts = splitForSpeech(text, 60);
    expect(parts).toEqual(['The first sentence is here. The second one follows it!', 'Then a third, which runs on and on.']);
  });

  it('falls back to a space without a sentence end in reach, and to a hard cut in one long word', () => {
    expect(splitForSpeech('alpha beta gamma delta epsilon', 12)).toEqual(['alpha beta', 'gamma delta', 'epsilon']);
    expect(splitForSpeech('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });

  it('never makes a part over the limit and loses no words of a long reply', () => {
    const sentence = (n: number) => `Sentence number ${n} says something about the day, and then it ends.`;
    const text = Array.from({ length: 150 }, (_, n) => `${sentence(n)}${n % 4 === 3 ? '\n\n' : ' '}`).join('');
    const parts = splitForSpeech(text, 3000);
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.every((part) => part.length <= 3000)).toBe(true);
    expect(parts.join(' ').split(/\s+/)).toEqual(text.trim().split(/\s+/));
  });
});
