import { coachAdapter } from '@meld/shared';
import { getAppConfig } from '../../config/app-config.ts';
import type { CoachModel } from '../../domain/reflection/coach.ts';
import { completeText, loadProvider } from './load-provider.ts';

/** The coach gets this long to answer before the fallback answers instead (the routes that call it may run 30 s). */
export const COACH_TIMEOUT_MS = 20_000;

/**
 * The configured coach model (the app config's `coach`), shared by the evening reflection and the
 * mentor interview. None without `coach`, or when it names the demo endpoint: canned replies are
 * no questions.
 */
export function configuredCoach(): CoachModel | undefined {
  const config = getAppConfig();
  const { coach, endpoints } = config;
  if (!coach || coachAdapter(config) === 'none') return undefined;
  return { complete: async (turns) => completeText(await loadProvider(endpoints, coach.endpoint), coach.model, turns, COACH_TIMEOUT_MS) };
}
