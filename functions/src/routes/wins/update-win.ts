import { updateWin } from '../../domain/wins/wins.ts';
import { defineHandler } from '../../http/handler.ts';
import * as interactionStore from '../../store/interaction-store.ts';
import * as winStore from '../../store/win-store.ts';
import { winClock } from './win-clock.ts';

export const handler = defineHandler('updateWin', async ({ auth, body, params, now, event }) => {
  const { timeZone } = await winClock(auth.userId, event.headers, now);
  return updateWin(auth.userId, params.id, body, { store: winStore, interactions: interactionStore, now, timeZone });
});
