import { pinWin } from '../../domain/wins/wins.ts';
import { defineHandler } from '../../http/handler.ts';
import * as winStore from '../../store/win-store.ts';

export const handler = defineHandler('pinWin', async ({ auth, body, params, now }) => pinWin(auth.userId, params.id, body.pinned, { store: winStore, now }));
