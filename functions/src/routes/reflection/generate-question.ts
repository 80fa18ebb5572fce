import { getAppConfig } from '../../config/app-config.ts';
import { generateQuestion } from '../../domain/reflection/generate-question.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { reflectionDeps } from './reflection-deps.ts';

export const handler = defineHandler('generateQuestion', async ({ auth, body, now }) => {
  await enforceRateLimit(getAppConfig(), 'reflection', auth.userId, now.getTime());
  return generateQuestion(auth.userId, body.date, reflectionDeps());
});
