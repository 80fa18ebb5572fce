import { bookmarkMessage } from '../../domain/coach-chats/bookmark.ts';
import { defineHandler } from '../../http/handler.ts';
import { coachDeps } from './coach-deps.ts';

export const handler = defineHandler('bookmarkCoachMessage', async ({ auth, params, now }) => bookmarkMessage(auth.userId, params.id, params.messageId, now, coachDeps(now)));
