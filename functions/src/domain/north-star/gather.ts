import type { WinTile } from '@meld/shared';
import type { StoredInteraction } from '../../store/interaction-store.ts';
import { buildCompassDay } from '../compass/compass-days.ts';
import { localDate } from '../compass/local-time.ts';
import { windowStart, type NarrativeEvidence } from './evidence.ts';

/** The member's records the narrative reads; routes pass the stores, tests fakes. */
export interface EvidenceDeps {
  interactionsBetween(userId: string, from: string, to: string): Promise<StoredInteraction[]>;
  listWins(userId: string): Promise<WinTile[]>;
  /** Fragments captured between two instants (ISO), in any order. */
  listFragmentsBetween(userId: string, from: string, to: string): Promise<{ id: string; content: string; type: string; timestamp: string }[]>;
  /** Woven reflections created between two instants (ISO), in any order. */
  listWovenReflectionsBetween(userId: string, from: string, to: string): Promise<{ title: string; body: string; createdAt: string; fragmentIds: string[] }[]>;
}

const COMPASS_TYPES = new Set(['mood', 'energy', 'note', 'evening-reflection']);

/**
 * The window's records on the member's local days: one day-range query for the compass and
 * evening, the wins vault, and the fragments and woven reflections of the window's instants
 * (a day wider on each side, then cut to the local days, so every zone is covered).
 */
export async function gatherEvidence(userId: string, today: string, timeZone: string, deps: EvidenceDeps): Promise<NarrativeEvidence> {
  const from = windowStart(today);
  const inWindow = (date: string) => date >= from && date <= today;
  const fromInstant = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString();
  const toInstant = new Date(Date.parse(`${today}T00:00:00Z`) + 2 * 86_400_000).toISOString();
  const [interactions, wins, fragments, woven] = await Promise.all([
    deps.interactionsBetween(userId, from, today),
    deps.listWins(userId),
    deps.listFragmentsBetween(userId, fromInstant, toInstant),
    deps.listWovenReflectionsBetween(userId, fromInstant, toInstant),
  ]);
  const compass = interactions.filter((interaction) => COMPASS_TYPES.has(interaction.interactionMeta.type));
  const dates = [...new Set(compass.map((interaction) => interaction.date))].sort();
  return {
    today,
    days: dates.map((date) => buildCompassDay(date, compass)),
    wins: wins.filter((win) => inWindow(win.date)).map((win) => ({ id: win.id, date: win.date, title: win.title, description: win.description })),
    fragments: fragments
      .map((fragment) => ({ id: fragment.id, date: localDate(new Date(fragment.timestamp), timeZone), content: fragment.content, type: fragment.type }))
      .filter((fragment) => inWindow(fragment.date)),
    woven: woven.map((entry) => ({ date: localDate(new Date(entry.createdAt), timeZone), title: entry.title, body: entry.body, fragmentIds: entry.fragmentIds })).filter((entry) => inWindow(entry.date)),
  };
}
