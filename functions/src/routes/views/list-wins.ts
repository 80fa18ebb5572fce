import { requestTimeZone } from '../../domain/wins/local-day.ts';
import { winsView } from '../../domain/wins/wins.ts';
import { defineHandler } from '../../http/handler.ts';
import * as winStore from '../../store/win-store.ts';

export const handler = defineHandler('listWins', async ({ auth, query, now, event }) => winsView(auth.userId, query.date, { store: winStore, now, timeZone: requestTimeZone(event.headers) }));
