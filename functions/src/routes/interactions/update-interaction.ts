import { assertEditableDay } from '../../domain/compass/editable-day.ts';
import { assertNotWinInteraction, updateInteraction } from '../../domain/compass/interactions.ts';
import { timeZoneHeader, userClock } from '../../domain/compass/user-clock.ts';
import { defineHandler } from '../../http/handler.ts';
import { compassDeps, interactionDeps } from './interaction-deps.ts';

/** Both the day the interaction was on and the day it moves to must be today; a win's are the wins routes' to change. */
export const handler = defineHandler('updateInteraction', async ({ auth, params, body, now, event }) => {
  const clock = await userClock(auth.userId, timeZoneHeader(event.headers), now, compassDeps);
  return updateInteraction(auth.userId, params.id, body, now, interactionDeps, (next, current) => {
    assertNotWinInteraction(current);
    assertEditableDay(current, clock);
    assertEditableDay(next, clock);
  });
});
