import { randomUUID } from 'node:crypto';
import { requestTimeZone } from '../../domain/wins/local-day.ts';
import { createWin } from '../../domain/wins/wins.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import * as winStore from '../../store/win-store.ts';

export const handler = defineHandler('createWin', async ({ auth, body, now, event }) =>
  reply(await createWin(auth.userId, body, { store: winStore, newId: randomUUID, now, timeZone: requestTimeZone(event.headers) }), { status: 201 }),
);
