import { getAppConfig } from '../../config/app-config.ts';
import { generateSummary } from '../../domain/reflection/generate-summary.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { reflectionDeps } from './reflection-deps.ts';

export const handler = defineHandler('generateSummary', async ({ auth, body, now }) => {
  await enforceRateLimit(getAppConfig(), 'reflection', auth.userId, now.getTime());
  return generateSummary(auth.userId, body.date, body.eveningReflectionText, now, reflectionDeps());
});
