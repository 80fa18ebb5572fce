import { emptyCompassDay, type CompassDay } from '@meld/shared';
import type { NarrativeEvidence } from '../evidence.ts';
import type { NarrativeReply } from '../model-reply.ts';
import type { NorthStarStore, StoredVersion } from '../north-star.ts';

export const TODAY = '2026-06-30';

export function day(date: string, mood: number | null, energy: number | null, note: string | null = null, eveningNote: string | null = null): CompassDay {
  return { ...emptyCompassDay(date), mood, energy, note, eveningNote };
}

export function evidence(partial: Partial<NarrativeEvidence> = {}): NarrativeEvidence {
  return { today: TODAY, days: [], wins: [], fragments: [], woven: [], ...partial };
}

/** A reply the coach might send: valid, with one highlight that quotes its chapter and one that does not. */
export function coachReply(overrides: Partial<NarrativeReply> = {}): NarrativeReply {
  return {
    headline: 'You are becoming the person who finishes what matters.',
    dominantValue: 'growth',
    chapters: [
      {
        title: 'What you keep choosing',
        content: 'Across June you kept choosing the harder conversation, and you wrote about it each evening with more calm than before.',
        valueHighlights: [
          { text: 'choosing the harder conversation', value: 'courage' },
          { text: 'words the chapter never says', value: 'empathy' },
        ],
      },
      { title: 'Where the energy went', content: 'The launch took most of your energy in the second half of the month, and your mornings grew shorter and sharper.', valueHighlights: [] },
      { title: 'Pointing forward', content: 'Your notes point toward leading the next launch yourself rather than supporting it, and the wins you kept say you are ready.', valueHighlights: [] },
    ],
    goals: [
      { title: 'Lead the next launch', alignment: 'strong', nextStep: 'Ask for the launch lead role on Monday.' },
      { title: 'Protect morning focus', alignment: 'drifting', nextStep: 'Block 9 to 11 on three days.' },
    ],
    ...overrides,
  };
}

/** The store in memory, newest versions first. */
export function memoryStore(): NorthStarStore & { versions: Map<string, StoredVersion> } {
  const versions = new Map<string, StoredVersion>();
  return {
    versions,
    putVersion: async (_userId, version) => void versions.set(version.id, version),
    getVersion: async (_userId, id) => versions.get(id),
    latestVersions: async (_userId, limit) => [...versions.values()].sort((a, b) => (a.id < b.id ? 1 : -1)).slice(0, limit),
    updateVersion: async (_userId, id, change) => {
      const current = versions.get(id);
      if (!current) return undefined;
      const next = change(current);
      versions.set(id, next);
      return next;
    },
  };
}
