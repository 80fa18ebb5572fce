import { getAppConfig } from '../../config/app-config.ts';
import { getJwtKey } from '../../config/secrets.ts';
import { checkCredentials } from '../../domain/auth/login.ts';
import { bannedError, isUserBanned } from '../../domain/limits/bans.ts';
import { toPublicUser } from '../../domain/auth/public-user.ts';
import { startSession } from '../../domain/auth/sessions.ts';
import { startChallenge } from '../../domain/auth/two-factor-login.ts';
import { refreshCookie } from '../../http/auth-cookies.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { reply } from '../../http/reply.ts';
import * as sessions from '../../store/session-store.ts';
import { putChallenge } from '../../store/two-factor-store.ts';
import { findUserIdByEmail, getUser, recordLogin } from '../../store/user-store.ts';

export const handler = defineHandler('login', async ({ body, ip, now }) => {
  const config = getAppConfig();
  // Per address (one machine trying many accounts) and per account (many machines trying one).
  await enforceRateLimit(config, 'login', `ip#${ip}`);
  await enforceRateLimit(config, 'login', `email#${body.email.toLowerCase()}`);
  const user = await checkCredentials(body.email, body.password, {
    findUserIdByEmail,
    getUser,
    requireVerifiedEmail: config.email.requireVerification,
  });
  // Checked after the password, so a ban tells nothing to someone who does not know it.
  if (isUserBanned(user)) throw bannedError();
  // Two-factor on: no session yet, only the temporary token that /api/auth/2fa/verify-temp takes.
  if (user.twoFactorEnabled) return { twoFAPending: true as const, tempToken: await startChallenge(user.id, now, { putChallenge }) };
  const lastLogin = now.toISOString();
  await recordLogin(user.id, lastLogin);
  const session = await startSession({ ...user, lastLogin }, { sessions, jwtKey: await getJwtKey(), now });
  return reply({ token: session.accessToken, user: toPublicUser(session.user) }, { cookies: [refreshCookie(session.refreshToken)] });
});
