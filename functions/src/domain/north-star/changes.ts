import type { NarrativeChange, NarrativeVersion } from '@meld/shared';

/** A confidence move smaller than this is noise, not a change worth listing. */
export const CONFIDENCE_CHANGE_POINTS = 5;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

type Draft = Pick<NarrativeVersion, 'headline' | 'dominantValue' | 'chapters' | 'goals' | 'confidence'>;

/** What the new version says differently from the previous one; nothing for the first version. */
export function narrativeChanges(previous: Draft | undefined, next: Draft): NarrativeChange[] {
  if (!previous) return [];
  const changes: NarrativeChange[] = [];
  if (!same(previous.headline, next.headline)) changes.push({ type: 'change', target: 'headline', text: 'New headline' });
  if (previous.dominantValue !== next.dominantValue) {
    changes.push({ type: 'change', target: 'dominant-value', text: `Dominant value moved from ${previous.dominantValue} to ${next.dominantValue}` });
  }
  for (const chapter of next.chapters) {
    const before = previous.chapters.find((candidate) => candidate.id === chapter.id);
    if (before && !same(before.title, chapter.title)) changes.push({ type: 'change', target: `chapter:${chapter.id}`, text: `Chapter "${before.title}" is now "${chapter.title}"` });
  }
  for (const goal of next.goals) {
    const before = previous.goals.find((candidate) => same(candidate.title, goal.title));
    if (!before) changes.push({ type: 'add', target: `goal:${goal.id}`, text: `New goal: ${goal.title}` });
    else if (before.alignment !== goal.alignment) changes.push({ type: 'change', target: `goal:${goal.id}`, text: `${goal.title} is now ${goal.alignment}` });
  }
  const delta = next.confidence - previous.confidence;
  if (Math.abs(delta) >= CONFIDENCE_CHANGE_POINTS) {
    changes.push({ type: 'change', target: 'confidence', text: `Confidence ${delta > 0 ? 'rose' : 'fell'} from ${previous.confidence} to ${next.confidence}` });
  }
  return changes;
}
