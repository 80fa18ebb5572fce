import { getAppConfig } from '../../config/app-config.ts';
import { assertToday } from '../../domain/compass/editable-day.ts';
import { timeZoneHeader, userClock } from '../../domain/compass/user-clock.ts';
import { generateSummary } from '../../domain/reflection/generate-summary.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { compassDeps } from '../interactions/interaction-deps.ts';
import { reflectionDeps } from './reflection-deps.ts';

export const handler = defineHandler('generateSummary', async ({ auth, body, now, event }) => {
  const clock = await userClock(auth.userId, timeZoneHeader(event.headers), now, compassDeps);
  assertToday(body.date, clock);
  await enforceRateLimit(getAppConfig(), 'reflection', auth.userId, now.getTime());
  return generateSummary(auth.userId, body.date, body.eveningReflectionText, now, clock.timeZone, reflectionDeps());
});
