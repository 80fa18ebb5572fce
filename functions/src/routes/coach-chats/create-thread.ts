import { coachAdapter } from '@meld/shared';
import { getAppConfig } from '../../config/app-config.ts';
import { coachUnavailable, createThread } from '../../domain/coach-chats/threads.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { coachDeps } from './coach-deps.ts';

export const handler = defineHandler('createCoachThread', async ({ auth, body, now }) => {
  if (coachAdapter(getAppConfig()) === 'none') throw coachUnavailable();
  return reply(await createThread(auth.userId, body.contextChips, now, coachDeps(now)), { status: 201 });
});
