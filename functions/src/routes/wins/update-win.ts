import { requestTimeZone } from '../../domain/wins/local-day.ts';
import { updateWin } from '../../domain/wins/wins.ts';
import { defineHandler } from '../../http/handler.ts';
import * as winStore from '../../store/win-store.ts';

export const handler = defineHandler('updateWin', async ({ auth, body, params, now, event }) =>
  updateWin(auth.userId, params.id, body, { store: winStore, now, timeZone: requestTimeZone(event.headers) }),
);
