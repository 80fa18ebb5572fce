import { describe, expect, it } from 'vitest';
import { findMatches, messageSnippet, SNIPPET_CHARS } from './search-snippet.ts';

/** The highlighted parts of a snippet, as the page would mark them. */
const marked = (snippet: { text: string; highlights: { start: number; end: number }[] } | null) => snippet?.highlights.map((range) => snippet.text.slice(range.start, range.end));

describe('findMatches', () => {
  it('finds every occurrence, ignoring case, with offsets into the text as written', () => {
    expect(findMatches('Lisbon, then LISBON again; lisbon.', 'lisbon')).toEqual([
      { start: 0, end: 6 },
      { start: 13, end: 19 },
      { start: 27, end: 33 },
    ]);
    expect(findMatches('nothing here', 'lisbon')).toEqual([]);
  });

  it('keeps offsets right when lower-casing changes the length of the text', () => {
    const text = 'İstanbul trip: book the Ferry early';
    expect(text.toLowerCase().length).not.toBe(text.length);
    const [range] = findMatches(text, 'ferry');
    expect(text.slice(range!.start, range!.end)).toBe('Ferry');
  });
});

describe('messageSnippet', () => {
  const long = `${'Opening words go on for a while here. '.repeat(10)}Then the tram 28 goes up the hill to the castle. ${'More words follow after it. '.repeat(20)}`;

  it('cuts a bounded window around the first match, on word boundaries, and marks every match in it', () => {
    const snippet = messageSnippet('m1', false, long, 'TRAM 28');
    expect(snippet).not.toBeNull();
    expect(snippet!.text.length).toBeLessThanOrEqual(SNIPPET_CHARS);
    expect(marked(snippet)).toEqual(['tram 28']);
    expect(snippet!.text.startsWith(' ')).toBe(false);
    expect(long.includes(snippet!.text)).toBe(true);
    expect(snippet).toMatchObject({ messageId: 'm1', isCreatedByUser: false, truncatedStart: true, truncatedEnd: true });
    expect(snippet!.text.indexOf('tram 28')).toBeLessThanOrEqual(60);
  });

  it('sends a short message whole, with all its matches', () => {
    expect(messageSnippet('m2', true, 'Palace, then another palace.', 'palace')).toEqual({
      messageId: 'm2',
      isCreatedByUser: true,
      text: 'Palace, then another palace.',
      highlights: [
        { start: 0, end: 6 },
        { start: 21, end: 27 },
      ],
      truncatedStart: false,
      truncatedEnd: false,
    });
  });

  it('uses the room before a match near the end of a long text', () => {
    const snippet = messageSnippet('m3', false, `${'word '.repeat(100)}finale`, 'finale');
    expect(snippet!.text.endsWith('finale')).toBe(true);
    expect(snippet!.text.length).toBeGreaterThan(150);
    expect(snippet).toMatchObject({ truncatedStart: true, truncatedEnd: false });
  });

  it('keeps a long term whole and never splits an emoji', () => {
    const term = 'x'.repeat(190);
    const snippet = messageSnippet('m4', false, `${'a '.repeat(100)}${term}${' b'.repeat(100)}`, term);
    expect(marked(snippet)).toEqual([term]);
    const emoji = messageSnippet('m5', false, `${'😀'.repeat(100)} needle ${'😀'.repeat(100)}`, 'needle');
    expect(emoji!.text).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
    expect(marked(emoji)).toEqual(['needle']);
  });

  it('is null when the term is not in the text', () => {
    expect(messageSnippet('m6', false, 'nothing to see', 'palace')).toBeNull();
  });
});
