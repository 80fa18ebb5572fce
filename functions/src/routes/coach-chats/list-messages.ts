import { listMessages } from '../../domain/coach-chats/threads.ts';
import { defineHandler } from '../../http/handler.ts';
import { coachDeps } from './coach-deps.ts';

/** A page of the thread (`?cursor=`); a thread that fits one page comes whole, `nextCursor` null. */
export const handler = defineHandler('listCoachMessages', async ({ auth, params, query, now }) => listMessages(auth.userId, params.id, query.cursor, coachDeps(now)));
