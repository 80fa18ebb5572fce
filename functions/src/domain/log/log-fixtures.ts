import type { Fragment, WinTile, WovenReflection } from '@meld/shared';
import type { LogInteraction } from './timeline.ts';

/** A fixed month of one user's data: compass days, reflections, a fragment, a weave and a win. */
const slider = (id: string, date: string, type: 'mood' | 'energy', value: number, at: string): LogInteraction => ({ _id: id, date, numericAnswer: value, interactionMeta: { type }, capturedAt: at });
const text = (id: string, date: string, type: 'note' | 'evening-reflection' | 'win-title', body: string, at: string, meta: Partial<LogInteraction['interactionMeta']> = {}): LogInteraction => ({
  _id: id,
  date,
  responseText: body,
  interactionMeta: { type, ...meta },
  capturedAt: at,
});

export const interactions: LogInteraction[] = [
  slider('m1', '2026-11-03', 'mood', 80, '2026-11-03T08:00:00.000Z'),
  slider('e1', '2026-11-03', 'energy', 35, '2026-11-03T08:00:01.000Z'),
  text('n1', '2026-11-03', 'note', 'Prepare the board deck with the team', '2026-11-03T08:00:02.000Z'),
  text('r1', '2026-11-03', 'evening-reflection', 'I realized I rush when tired', '2026-11-03T19:00:00.000Z', { generatedQuestion: 'What slowed you down?', generatedSummary: 'You noticed your pace drops with energy.' }),
  // A reflection alone, no compass that day, and a win's title interaction (the win is its own entry).
  text('r2', '2026-11-05', 'evening-reflection', 'A calm day', '2026-11-05T20:00:00.000Z'),
  text('w1t', '2026-11-05', 'win-title', 'Shipped', '2026-11-05T09:00:00.000Z'),
];

export const fragment: Fragment = {
  id: 'f1', content: 'What would a braver plan look like?', type: 'question', timestamp: '2026-11-04T23:30:00.000Z', source: 'manual', tags: ['career'], isPinned: true, wordCount: 7, sourceUrl: null, clusterId: null, updatedAt: '2026-11-04T23:30:00.000Z',
};
export const weave: WovenReflection = { id: 'wv1', title: 'On pace', body: 'Two notes about pace, woven.', fragmentIds: ['f1'], createdAt: '2026-11-06T10:00:00.000Z' };
export const win: WinTile = {
  id: 'win1', titleInteractionId: 'w1t', descriptionInteractionId: 'w1d', achievedAt: '2026-11-05T09:00:00.000Z', title: 'Shipped the pilot', date: '2026-11-05', description: 'Live for 40 people', tags: ['Win', 'work'], emoji: '🎯', impact: [], source: 'manual', isPinned: false, isShared: false, shareCount: 0, originalContent: null,
};
