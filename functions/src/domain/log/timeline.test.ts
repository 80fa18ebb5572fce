import type { Fragment } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { logWindow } from './month.ts';
import { fragment, interactions, weave, win } from './log-fixtures.ts';
import { assembleTimeline, fragmentEntry, interactionEntries, weaveEntry, winEntry } from './timeline.ts';
import { valueTag } from './value-tags.ts';

describe('the log timeline', () => {
  it('makes one compass entry per day and one reflection entry whose AI echo is the daily summary', () => {
    const entries = interactionEntries(interactions);
    const compass = entries.filter((entry) => entry.type === 'compass');
    expect(compass).toEqual([expect.objectContaining({ id: 'compass:2026-11-03', content: 'Prepare the board deck with the team', mood: 80, energy: 35, timestamp: '2026-11-03T08:00:00.000Z', link: '/today?date=2026-11-03' })]);
    const reflections = entries.filter((entry) => entry.type === 'reflection');
    expect(reflections).toEqual([
      expect.objectContaining({ id: 'reflection:r1', content: 'I realized I rush when tired', prompt: 'What slowed you down?', aiEcho: 'You noticed your pace drops with energy.', date: '2026-11-03' }),
      expect.objectContaining({ id: 'reflection:r2', aiEcho: null, prompt: null, date: '2026-11-05' }),
    ]);
  });

  it('dates fragments and weaves by the user\'s zone and links every entry to its source', () => {
    expect(fragmentEntry(fragment, 'UTC')).toMatchObject({ date: '2026-11-04', isPinned: true, tags: ['career'], link: '/fragments?id=f1', valueTag: 'Learning' });
    expect(fragmentEntry(fragment, 'Europe/Berlin').date).toBe('2026-11-05');
    expect(weaveEntry(weave, 'UTC')).toMatchObject({ id: 'weave:wv1', title: 'On pace', content: 'Two notes about pace, woven.', valueTag: 'Insight', link: '/fragments?select=f1' });
    // A woven reflection has no page of its own: its link selects the fragments it was woven from.
    expect(weaveEntry({ ...weave, fragmentIds: ['f1', 'f3', 'f7'] }, 'UTC').link).toBe('/fragments?select=f1,f3,f7');
    expect(winEntry(win)).toMatchObject({ title: 'Shipped the pilot', content: 'Live for 40 people', date: '2026-11-05', valueTag: 'Impact', link: '/library/wins-vault?win=win1' });
    // Its impact points travel with it (the Log's exports print them); other entries have none.
    expect(winEntry({ ...win, impact: ['40 people onboarded'] }).impact).toEqual(['40 people onboarded']);
    expect(weaveEntry(weave, 'UTC').impact).toEqual([]);
  });

  it('keeps the month\'s entries newest first and counts every day of the month', () => {
    const october: Fragment = { ...fragment, id: 'old', timestamp: '2026-10-31T10:00:00.000Z' };
    const all = [...interactionEntries(interactions), fragmentEntry(fragment, 'UTC'), fragmentEntry(october, 'UTC'), weaveEntry(weave, 'UTC'), winEntry(win)];
    const { entries, days } = assembleTimeline(all, logWindow('2026-11'));
    expect(entries.map((entry) => entry.id)).toEqual(['weave:wv1', 'reflection:r2', 'win:win1', 'fragment:f1', 'reflection:r1', 'compass:2026-11-03']);
    expect(days).toHaveLength(30);
    expect(days.filter((day) => day.count > 0)).toEqual([
      { date: '2026-11-03', count: 2 },
      { date: '2026-11-04', count: 1 },
      { date: '2026-11-05', count: 2 },
      { date: '2026-11-06', count: 1 },
    ]);
  });
});

describe('value tags', () => {
  it('follow the type first, then the first keyword family in order, then Growth', () => {
    expect(valueTag('win', 'a quiet day')).toBe('Impact');
    expect(valueTag('weave', 'anything')).toBe('Insight');
    expect(valueTag('fragment', 'plain', 'insight')).toBe('Insight');
    expect(valueTag('fragment', 'plain?', 'question')).toBe('Learning');
    expect(valueTag('reflection', 'We shipped it and I talked to my mentor')).toBe('Impact');
    expect(valueTag('reflection', 'Coffee with a colleague; I realized a lot')).toBe('Connection');
    expect(valueTag('reflection', 'I noticed a pattern while reading')).toBe('Insight');
    expect(valueTag('compass', 'Finished the course module')).toBe('Impact');
    expect(valueTag('compass', 'Read two chapters of the book')).toBe('Learning');
    expect(valueTag('compass', 'Stay steady')).toBe('Growth');
  });
});
