import { deleteThread } from '../../domain/coach-chats/threads.ts';
import { defineHandler } from '../../http/handler.ts';
import { coachDeps } from './coach-deps.ts';

export const handler = defineHandler('deleteCoachThread', async ({ auth, params, now }) => deleteThread(auth.userId, params.id, coachDeps(now)));
