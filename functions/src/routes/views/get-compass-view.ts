import { compassView } from '../../domain/compass/compass-view.ts';
import { timeZoneHeader } from '../../domain/compass/user-clock.ts';
import { defineHandler } from '../../http/handler.ts';
import { compassDeps } from '../interactions/interaction-deps.ts';

export const handler = defineHandler('getCompassView', async ({ auth, query, event, now }) =>
  compassView(auth.userId, query.date, timeZoneHeader(event.headers), now, compassDeps),
);
