import type { ContextChip, Fragment, Goal } from '@meld/shared';
import { buildCompassDay, type DayInteraction } from '../compass/compass-days.ts';
import { addDays } from '../compass/local-time.ts';
import type { CoachMaterial } from './coach-prompt.ts';

/** The days the coach reads: today and the six before ("your last 7 check-ins"). */
export const COACH_DAYS = 7;
export const COACH_WINS = 5;
/** Recent captures read besides the attached ones. */
export const COACH_RECENT_FRAGMENTS = 5;

export interface CoachContextDeps {
  interactionsBetween(userId: string, from: string, to: string): Promise<DayInteraction[]>;
  listWins(userId: string): Promise<{ date: string; achievedAt: string; title: string; description: string }[]>;
  getFragments(userId: string, fragmentIds: string[]): Promise<Pick<Fragment, 'id' | 'content' | 'tags'>[]>;
  recentFragments(userId: string, limit: number): Promise<Pick<Fragment, 'id' | 'content' | 'tags'>[]>;
  /** The goals of the member's latest North-Star narrative; none before the first one. */
  narrativeGoals(userId: string): Promise<Pick<Goal, 'title' | 'alignment' | 'nextStep' | 'completed'>[]>;
}

/** Everything the coach reads for one reply, from five reads that run at once. */
export async function gatherMaterial(userId: string, today: string, chips: ContextChip[], deps: CoachContextDeps): Promise<CoachMaterial> {
  const attachedIds = chips.flatMap((chip) => (chip.kind === 'fragment' ? [chip.id] : []));
  const [interactions, wins, attached, recent, goals] = await Promise.all([
    deps.interactionsBetween(userId, addDays(today, -(COACH_DAYS - 1)), today),
    deps.listWins(userId),
    attachedIds.length ? deps.getFragments(userId, attachedIds) : Promise.resolve([]),
    deps.recentFragments(userId, COACH_RECENT_FRAGMENTS + attachedIds.length),
    deps.narrativeGoals(userId),
  ]);
  const attachedSet = new Set(attachedIds);
  return {
    today,
    days: Array.from({ length: COACH_DAYS }, (_, index) => buildCompassDay(addDays(today, -index), interactions)),
    wins: [...wins].sort((a, b) => b.achievedAt.localeCompare(a.achievedAt)).slice(0, COACH_WINS),
    fragments: [
      // A chip whose fragment was deleted since is simply no longer read.
      ...attached.map((fragment) => ({ content: fragment.content, tags: fragment.tags, attached: true })),
      ...recent
        .filter((fragment) => !attachedSet.has(fragment.id))
        .slice(0, COACH_RECENT_FRAGMENTS)
        .map((fragment) => ({ content: fragment.content, tags: fragment.tags, attached: false })),
    ],
    tags: chips.flatMap((chip) => (chip.kind === 'tag' ? [chip.label] : [])),
    goals: goals.map(({ title, alignment, nextStep, completed }) => ({ title, alignment, nextStep, completed })),
  };
}
