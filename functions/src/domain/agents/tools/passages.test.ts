import { describe, expect, it } from 'vitest';
import { passagesOf, rankPassages } from './passages.ts';

describe('passagesOf', () => {
  it('packs paragraphs into passages of at most 800 characters and cuts a long paragraph at its sentences', () => {
    const sentence = 'The committee reviewed the budget for the coming year in detail. ';
    const text = ['Short opening.', sentence.repeat(40).trim(), 'Closing note.'].join('\n\n');
    const passages = passagesOf(text);
    expect(passages.length).toBeGreaterThan(3);
    expect(passages.every((passage) => passage.length <= 800)).toBe(true);
    expect(passages.join(' ').replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' '));
  });
});

describe('rankPassages', () => {
  const documents = [
    { filename: 'a.txt', text: ['Revenue '.repeat(3) + 'in the south stayed flat.', 'x '.repeat(500), 'The north region grew revenue by 12 percent.'].join('\n\n') },
    { filename: 'b.txt', text: 'Unrelated notes about the garden.' },
  ];

  it('puts the passage holding more of the query terms first and leaves out passages sharing none', () => {
    const ranked = rankPassages(documents, 'north region revenue', 5);
    expect(ranked[0]).toMatchObject({ filename: 'a.txt', text: expect.stringContaining('north region grew revenue') });
    expect(ranked.some((passage) => passage.filename === 'b.txt')).toBe(false);
  });

  it('finds nothing for a query of stop words only', () => {
    expect(rankPassages(documents, 'the of and', 5)).toEqual([]);
  });
});
