import { coachAdapter } from '@meld/shared';
import { getAppConfig } from '../../config/app-config.ts';
import { clusterFragments } from '../../domain/fragments/themes.ts';
import { generateCards, type GeneratedCard } from '../../domain/mentor-feed/triggers.ts';
import { listAllFragments } from '../../store/fragment-store.ts';
import * as mentorFeedStore from '../../store/mentor-feed-store.ts';
import { latestVersions } from '../../store/north-star-store.ts';
import { memberEvidence } from '../north-star/north-star-deps.ts';

export { mentorFeedStore };

/** The member's cards now: the North-Star evidence window (compass, evenings, wins), themes and the latest goals. */
export async function memberCards(userId: string, headers: Record<string, string | undefined>, now: Date): Promise<GeneratedCard[]> {
  const [{ evidence }, fragments, [latest]] = await Promise.all([memberEvidence(userId, headers, now), listAllFragments(userId), latestVersions(userId, 1)]);
  return generateCards({
    today: evidence.today,
    days: evidence.days,
    wins: evidence.wins,
    themes: clusterFragments(fragments, now),
    goals: latest?.goals ?? [],
    coachAvailable: coachAdapter(getAppConfig()) !== 'none',
  });
}
