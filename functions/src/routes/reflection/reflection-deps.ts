import type { SummaryDeps } from '../../domain/reflection/generate-summary.ts';
import { logger } from '../../http/logger.ts';
import { configuredCoach } from '../../providers/llm/coach-model.ts';
import * as fragmentStore from '../../store/fragment-store.ts';
import * as winStore from '../../store/win-store.ts';
import { interactionDeps } from '../interactions/interaction-deps.ts';

export function reflectionDeps(): SummaryDeps {
  return {
    coach: configuredCoach(),
    interactionsBetween: interactionDeps.interactionsBetween,
    updateInteraction: interactionDeps.updateInteraction,
    listWins: winStore.listWins,
    listFragmentsBetween: fragmentStore.listFragmentsBetween,
    onCoachError: (error) => logger.warn('The coach model failed; answering from the fallback', { error: error instanceof Error ? error.message : String(error) }),
  };
}
