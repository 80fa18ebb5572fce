import { getAppConfig } from '../../config/app-config.ts';
import { createThread } from '../../domain/coach-chats/threads.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { coachDeps } from './coach-deps.ts';
import { requireCoach } from './require-coach.ts';

export const handler = defineHandler('createCoachThread', async ({ auth, body, now }) => {
  requireCoach(getAppConfig());
  return reply(await createThread(auth.userId, body.contextChips, now, coachDeps(now)), { status: 201 });
});
