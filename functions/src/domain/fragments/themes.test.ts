import { describe, expect, it } from 'vitest';
import { clusterFragments, stem, themeOf } from './themes.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

/** [theme expected, days ago, content, tags]: a member's fragments over two months. */
const CORPUS: [string | null, number, string, string[]][] = [
  ['communication', 1, 'Presenting the roadmap went better once I told it as a story', []],
  ['communication', 3, 'Listen more than I talk in one-on-ones', []],
  ['communication', 5, 'Feedback lands better when it is specific', []],
  ['communication', 12, 'The audience wanted the conclusion first', []],
  ['communication', 20, 'Rewrote the email three times before sending', []],
  ['communication', 40, 'Meetings without an agenda drift', []],
  ['communication', 45, 'Explained the trade-off with a simple drawing', []],
  ['leadership', 2, 'Delegated the release to Maya and it went fine', []],
  ['leadership', 8, 'A leader sets the direction, then gets out of the way', []],
  ['leadership', 15, 'The team decided faster when I stayed quiet', []],
  ['leadership', 35, 'Mentoring Sam on hiring decisions', []],
  ['leadership', 38, 'Ownership grows when people choose their work', []],
  ['leadership', 50, 'Our strategy needs one clear vision', []],
  ['leadership', 55, 'Managing up is part of the job', []],
  ['growth', 4, 'I learned that failing early is cheaper', []],
  ['growth', 9, 'Practicing a skill daily beats cramming', []],
  ['growth', 25, 'Reading a chapter of a book every night', []],
  ['growth', 33, 'Curiosity beats certainty', []],
  ['productivity', 6, 'Focus blocks in the calendar protect deep work', []],
  ['productivity', 7, 'Prioritize three tasks a day', []],
  ['productivity', 10, 'Shipped the report before the deadline', []],
  ['productivity', 14, 'Plan the week on Sunday evening', []],
  ['productivity', 28, 'Too many distractions after lunch', []],
  ['wellbeing', 11, 'Energy dips after long meetings; a walk helps', ['health']],
  ['wellbeing', 19, 'Slept badly and felt tired all day', []],
  ['wellbeing', 42, 'Stress went down after the weekend off', []],
  ['relationships', 16, 'Grateful for the colleague who covered for me', []],
  ['relationships', 44, 'Trust builds slowly with small kindnesses', []],
  [null, 13, 'Blue sky over the harbour', []],
  [null, 30, 'Bought new shoes', []],
];

const fragments = CORPUS.map(([, days, content, tags], index) => ({ id: `f${String(index + 1).padStart(2, '0')}`, content, tags, timestamp: daysAgo(days) }));

describe('stemming', () => {
  it('brings the forms of a word to one stem', () => {
    expect(new Set(['present', 'presenting', 'presented', 'presentation', 'presents'].map(stem))).toEqual(new Set(['present']));
    expect(new Set(['lead', 'leader', 'leaders', 'leading', 'leadership'].map(stem))).toEqual(new Set(['lead']));
    expect(new Set(['manage', 'managing', 'managed', 'management'].map(stem))).toEqual(new Set(['manag']));
    expect(stem('sky')).toBe('sky');
  });
});

describe('themes', () => {
  it('files each fragment of the corpus under its subject, or none', () => {
    expect(fragments.map(themeOf)).toEqual(CORPUS.map(([theme]) => theme));
  });

  it('lets tags decide, weighing double: a tag naming a theme outvotes one word of another', () => {
    expect(themeOf({ content: 'Long meeting today', tags: [] })).toBe('communication');
    expect(themeOf({ content: 'Long meeting today', tags: ['Leadership'] })).toBe('leadership');
    expect(themeOf({ content: 'Something else', tags: ['team'] })).toBe('leadership');
  });

  it('breaks a tie by the order of the themes', () => {
    expect(themeOf({ content: 'Team meeting', tags: [] })).toBe('communication');
  });

  it('clusters the corpus with labels, counts, colours and the change over the last 30 days', () => {
    const themes = clusterFragments(fragments, NOW);
    expect(themes.map(({ id, label, fragmentCount, changePercent }) => ({ id, label, fragmentCount, changePercent }))).toEqual([
      { id: 'communication', label: 'Communication', fragmentCount: 7, changePercent: 150 },
      { id: 'leadership', label: 'Leadership', fragmentCount: 7, changePercent: -25 },
      { id: 'productivity', label: 'Productivity', fragmentCount: 5, changePercent: null },
      { id: 'growth', label: 'Growth', fragmentCount: 4, changePercent: 200 },
      { id: 'wellbeing', label: 'Wellbeing', fragmentCount: 3, changePercent: 100 },
      { id: 'relationships', label: 'Relationships', fragmentCount: 2, changePercent: 0 },
    ]);
    expect(themes.find((theme) => theme.id === 'growth')!.fragmentIds).toEqual(['f15', 'f16', 'f17', 'f18']);
    expect(new Set(themes.map((theme) => theme.color)).size).toBe(themes.length);
  });

  it('gives the same themes and colours whatever the order of the fragments', () => {
    expect(clusterFragments([...fragments].reverse(), NOW)).toEqual(clusterFragments(fragments, NOW));
  });

  it('has no themes without fragments that speak of one', () => {
    expect(clusterFragments([{ id: 'x', content: 'Bought new shoes', tags: [], timestamp: daysAgo(1) }], NOW)).toEqual([]);
  });
});
