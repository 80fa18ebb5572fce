import { getAppConfig } from '../../config/app-config.ts';
import { assertToday } from '../../domain/compass/editable-day.ts';
import { timeZoneHeader, userClock } from '../../domain/compass/user-clock.ts';
import { generateQuestion } from '../../domain/reflection/generate-question.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { compassDeps } from '../interactions/interaction-deps.ts';
import { reflectionDeps } from './reflection-deps.ts';

export const handler = defineHandler('generateQuestion', async ({ auth, body, now, event }) => {
  const clock = await userClock(auth.userId, timeZoneHeader(event.headers), now, compassDeps);
  assertToday(body.date, clock);
  await enforceRateLimit(getAppConfig(), 'reflection', auth.userId, now.getTime());
  return generateQuestion(auth.userId, body.date, clock.timeZone, reflectionDeps());
});
