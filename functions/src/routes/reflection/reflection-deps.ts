import { coachAdapter } from '@meld/shared';
import { getAppConfig } from '../../config/app-config.ts';
import type { CoachModel } from '../../domain/reflection/coach.ts';
import type { SummaryDeps } from '../../domain/reflection/generate-summary.ts';
import { logger } from '../../http/logger.ts';
import { completeText, loadProvider } from '../../providers/llm/load-provider.ts';
import { interactionDeps } from '../interactions/interaction-deps.ts';

/** The coach gets this long to answer before the fallback answers instead (the route may run 30 s). */
export const COACH_TIMEOUT_MS = 20_000;

/** The configured coach; none without `coach` in the app config, or when it names the demo endpoint (canned replies are no questions). */
function configuredCoach(): CoachModel | undefined {
  const config = getAppConfig();
  const { coach, endpoints } = config;
  if (!coach || coachAdapter(config) === 'none') return undefined;
  return { complete: async (turns) => completeText(await loadProvider(endpoints, coach.endpoint), coach.model, turns, COACH_TIMEOUT_MS) };
}

export function reflectionDeps(): SummaryDeps {
  return {
    coach: configuredCoach(),
    interactionsBetween: interactionDeps.interactionsBetween,
    updateInteraction: interactionDeps.updateInteraction,
    onCoachError: (error) => logger.warn('The coach model failed; answering from the fallback', { error: error instanceof Error ? error.message : String(error) }),
  };
}
