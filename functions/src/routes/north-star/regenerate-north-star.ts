import { getAppConfig } from '../../config/app-config.ts';
import { regenerateNarrative } from '../../domain/north-star/north-star.ts';
import { defineHandler } from '../../http/handler.ts';
import { configuredCoach } from '../../providers/llm/coach-model.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { coachErrorLogger, memberEvidence, newVersionId, northStarStore } from './north-star-deps.ts';

export const handler = defineHandler('regenerateNorthStar', async ({ auth, now, event }) => {
  await enforceRateLimit(getAppConfig(), 'northStar', auth.userId, now.getTime());
  const { evidence } = await memberEvidence(auth.userId, event.headers, now);
  return regenerateNarrative(auth.userId, evidence, { store: northStarStore, coach: configuredCoach(), now, newId: () => newVersionId(now), onCoachError: coachErrorLogger });
});
