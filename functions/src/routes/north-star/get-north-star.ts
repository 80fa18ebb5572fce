import { northStarView } from '../../domain/north-star/north-star.ts';
import { defineHandler } from '../../http/handler.ts';
import { configuredCoach } from '../../providers/llm/coach-model.ts';
import { memberEvidence, northStarStore } from './north-star-deps.ts';

export const handler = defineHandler('getNorthStar', async ({ auth, now, event }) => {
  const { evidence } = await memberEvidence(auth.userId, event.headers, now);
  return northStarView(auth.userId, evidence, configuredCoach() !== undefined, northStarStore);
});
