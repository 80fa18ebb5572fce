import { REFRESH_COOKIE } from '@meld/shared';
import { getAppConfig } from '../../config/app-config.ts';
import { getJwtKeys } from '../../config/secrets.ts';
import { toPublicUser } from '../../domain/auth/public-user.ts';
import { refreshSession } from '../../domain/auth/sessions.ts';
import { DomainError } from '../../domain/errors.ts';
import { bannedError, isUserBanned } from '../../domain/limits/bans.ts';
import { clearSessionCookies, sessionCookies } from '../../http/auth-cookies.ts';
import { fromDomainError } from '../../http/errors.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { reply } from '../../http/reply.ts';
import * as sessions from '../../store/session-store.ts';
import { getUser } from '../../store/user-store.ts';

/** A banned user's next refresh is refused, so the access token's 15 minutes bound a ban's delay. */
export const handler = defineHandler('refresh', async ({ cookies, ip, now }) => {
  await enforceRateLimit(getAppConfig(), 'refresh', `ip#${ip}`);
  const getUnbannedUser = async (userId: string) => {
    const user = await getUser(userId);
    // An HttpError, which the catch below passes on: the cookie is kept for when the ban ends.
    if (isUserBanned(user)) throw fromDomainError(bannedError());
    return user;
  };
  try {
    const session = await refreshSession(cookies[REFRESH_COOKIE], { sessions, getUser: getUnbannedUser, jwtKeys: await getJwtKeys(), now });
    return reply({ token: session.accessToken, user: toPublicUser(session.user) }, { cookies: sessionCookies(session.refreshToken) });
  } catch (error) {
    // A dead refresh token is cleared, so the browser stops sending it.
    if (error instanceof DomainError) throw fromDomainError(error, clearSessionCookies());
    throw error;
  }
});
