import { deleteWin } from '../../domain/wins/wins.ts';
import { defineHandler } from '../../http/handler.ts';
import * as interactionStore from '../../store/interaction-store.ts';
import * as winStore from '../../store/win-store.ts';

export const handler = defineHandler('deleteWin', async ({ auth, params }) => deleteWin(auth.userId, params.id, { store: winStore, interactions: interactionStore }));
