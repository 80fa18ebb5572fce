import { compassTrend } from '../../domain/compass/compass-trend.ts';
import { timeZoneHeader } from '../../domain/compass/user-clock.ts';
import { defineHandler } from '../../http/handler.ts';
import { compassDeps } from '../interactions/interaction-deps.ts';

export const handler = defineHandler('getCompassTrend', async ({ auth, query, event, now }) => compassTrend(auth.userId, query.weeks, timeZoneHeader(event.headers), now, compassDeps));
