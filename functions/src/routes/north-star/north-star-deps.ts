import { randomUUID } from 'node:crypto';
import type { UserClock } from '../../domain/compass/user-clock.ts';
import { timeZoneHeader, userClock } from '../../domain/compass/user-clock.ts';
import { gatherEvidence } from '../../domain/north-star/gather.ts';
import type { NarrativeEvidence } from '../../domain/north-star/evidence.ts';
import { logger } from '../../http/logger.ts';
import * as northStarStore from '../../store/north-star-store.ts';
import * as fragmentStore from '../../store/fragment-store.ts';
import * as interactionStore from '../../store/interaction-store.ts';
import * as winStore from '../../store/win-store.ts';
import { compassDeps } from '../interactions/interaction-deps.ts';

export { northStarStore };

/** The member's zone and today, then the window's records in it. */
export async function memberEvidence(userId: string, headers: Record<string, string | undefined>, now: Date): Promise<{ clock: UserClock; evidence: NarrativeEvidence }> {
  const clock = await userClock(userId, timeZoneHeader(headers), now, compassDeps);
  const evidence = await gatherEvidence(userId, clock.today, clock.timeZone, {
    interactionsBetween: interactionStore.interactionsBetween,
    listWins: winStore.listWins,
    listFragmentsBetween: fragmentStore.listFragmentsBetween,
    listWovenReflectionsBetween: fragmentStore.listWovenReflectionsBetween,
  });
  return { clock, evidence };
}

/** Version ids sort by creation time, so the store's newest-first query needs no index. */
export function newVersionId(now: Date): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${randomUUID().slice(0, 8)}`;
}

export const coachErrorLogger = (error: unknown) => logger.warn('The coach model failed on the North-Star narrative', { error: error instanceof Error ? error.message : String(error) });
