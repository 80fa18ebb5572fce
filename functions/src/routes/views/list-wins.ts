import { winsView } from '../../domain/wins/wins.ts';
import { defineHandler } from '../../http/handler.ts';
import * as winStore from '../../store/win-store.ts';
import { winClock } from '../wins/win-clock.ts';

export const handler = defineHandler('listWins', async ({ auth, query, now, event }) => winsView(auth.userId, query.date ?? (await winClock(auth.userId, event.headers, now)).today, { store: winStore }));
