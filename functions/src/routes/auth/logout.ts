import { REFRESH_COOKIE } from '@meld/shared';
import { endSession } from '../../domain/auth/sessions.ts';
import { clearSessionCookies } from '../../http/auth-cookies.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import * as sessions from '../../store/session-store.ts';

/** Public so that a user whose access token has expired can still sign out. */
export const handler = defineHandler('logout', async ({ cookies }) => {
  await endSession(cookies[REFRESH_COOKIE], sessions);
  return reply({ message: 'You have been signed out.' }, { cookies: clearSessionCookies() });
});
