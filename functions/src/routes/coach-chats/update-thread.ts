import { updateThread } from '../../domain/coach-chats/threads.ts';
import { defineHandler } from '../../http/handler.ts';
import { coachDeps } from './coach-deps.ts';

export const handler = defineHandler('updateCoachThread', async ({ auth, params, body, now }) => updateThread(auth.userId, params.id, body, now, coachDeps(now)));
