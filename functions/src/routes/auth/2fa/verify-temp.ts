import { getJwtKeys } from '../../../config/secrets.ts';
import { toPublicUser } from '../../../domain/auth/public-user.ts';
import { startSession } from '../../../domain/auth/sessions.ts';
import { completeChallenge } from '../../../domain/auth/two-factor-login.ts';
import { sessionCookies } from '../../../http/auth-cookies.ts';
import { defineHandler } from '../../../http/handler.ts';
import { reply } from '../../../http/reply.ts';
import * as sessions from '../../../store/session-store.ts';
import { recordLogin } from '../../../store/user-store.ts';
import { twoFactorDeps } from './two-factor-deps.ts';

/** The login's second step: a right code for the temporary token signs in exactly as login does. */
export const handler = defineHandler('verifyTwoFactorTemp', async ({ body, now }) => {
  const { tempToken, ...code } = body;
  const user = await completeChallenge(tempToken, code, twoFactorDeps(now));
  const lastLogin = now.toISOString();
  await recordLogin(user.id, lastLogin);
  const session = await startSession({ ...user, lastLogin }, { sessions, jwtKeys: await getJwtKeys(), now });
  return reply({ token: session.accessToken, user: toPublicUser(session.user) }, { cookies: sessionCookies(session.refreshToken) });
});
