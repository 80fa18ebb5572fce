import { randomUUID } from 'node:crypto';
import { createWin } from '../../domain/wins/wins.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import * as interactionStore from '../../store/interaction-store.ts';
import * as winStore from '../../store/win-store.ts';
import { winClock } from './win-clock.ts';

export const handler = defineHandler('createWin', async ({ auth, body, now, event }) => {
  const { timeZone } = await winClock(auth.userId, event.headers, now);
  return reply(await createWin(auth.userId, body, { store: winStore, interactions: interactionStore, newId: randomUUID, now, timeZone }), { status: 201 });
});
