import { listMessages } from '../../domain/coach-chats/threads.ts';
import { defineHandler } from '../../http/handler.ts';
import { coachDeps } from './coach-deps.ts';

export const handler = defineHandler('listCoachMessages', async ({ auth, params, now }) => ({ messages: await listMessages(auth.userId, params.id, coachDeps(now)) }));
