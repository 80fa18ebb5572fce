import { shareWin } from '../../domain/wins/wins.ts';
import { defineHandler } from '../../http/handler.ts';
import * as winStore from '../../store/win-store.ts';

export const handler = defineHandler('shareWin', async ({ auth, params, now }) => shareWin(auth.userId, params.id, { store: winStore, now }));
