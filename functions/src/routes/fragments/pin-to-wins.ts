import { randomUUID } from 'node:crypto';
import { pinFragmentToWins } from '../../domain/fragments/weave.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import * as fragmentStore from '../../store/fragment-store.ts';
import * as interactionStore from '../../store/interaction-store.ts';
import * as winStore from '../../store/win-store.ts';
import { winClock } from '../wins/win-clock.ts';

export const handler = defineHandler('pinFragmentToWins', async ({ auth, params, now, event }) => {
  const { timeZone } = await winClock(auth.userId, event.headers, now);
  const wins = { store: winStore, interactions: interactionStore, newId: randomUUID, now, timeZone };
  return reply(await pinFragmentToWins(auth.userId, params.id, { fragments: fragmentStore, wins }), { status: 201 });
});
