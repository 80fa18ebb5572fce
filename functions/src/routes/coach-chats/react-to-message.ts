import { reactToMessage } from '../../domain/coach-chats/threads.ts';
import { defineHandler } from '../../http/handler.ts';
import { coachDeps } from './coach-deps.ts';

export const handler = defineHandler('reactToCoachMessage', async ({ auth, params, body, now }) => reactToMessage(auth.userId, params.id, params.messageId, body.thumbsUp, now, coachDeps(now)));
