import { assertEditableDay } from '../../domain/compass/editable-day.ts';
import { createInteraction } from '../../domain/compass/interactions.ts';
import { timeZoneHeader, userClock } from '../../domain/compass/user-clock.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { compassDeps, interactionDeps } from './interaction-deps.ts';

export const handler = defineHandler('createInteraction', async ({ auth, body, now, event }) => {
  assertEditableDay(body, await userClock(auth.userId, timeZoneHeader(event.headers), now, compassDeps));
  return reply(await createInteraction(auth.userId, body, now, interactionDeps), { status: 201 });
});
