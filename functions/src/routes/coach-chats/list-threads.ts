import { coachAdapter } from '@meld/shared';
import { getAppConfig } from '../../config/app-config.ts';
import { listThreads } from '../../domain/coach-chats/threads.ts';
import { defineHandler } from '../../http/handler.ts';
import { coachDeps } from './coach-deps.ts';

export const handler = defineHandler('listCoachThreads', async ({ auth, now }) => ({
  threads: await listThreads(auth.userId, now, coachDeps(now)),
  coachAvailable: coachAdapter(getAppConfig()) !== 'none',
}));
