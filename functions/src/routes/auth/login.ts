import { getAppConfig } from '../../config/app-config.ts';
import { getJwtKeys } from '../../config/secrets.ts';
import { checkCredentials } from '../../domain/auth/login.ts';
import { bannedError, isUserBanned } from '../../domain/limits/bans.ts';
import { toPublicUser } from '../../domain/auth/public-user.ts';
import { startSession } from '../../domain/auth/sessions.ts';
import { hashSecret } from '../../domain/auth/tokens.ts';
import { startChallenge } from '../../domain/auth/two-factor-login.ts';
import { sessionCookies } from '../../http/auth-cookies.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { reply } from '../../http/reply.ts';
import * as sessions from '../../store/session-store.ts';
import { emailKey } from '../../store/keys.ts';
import { getRegistrationAttempt } from '../../store/registration-attempt-store.ts';
import { putChallenge } from '../../store/two-factor-store.ts';
import { findUserIdByEmail, getUser, recordLogin } from '../../store/user-store.ts';

export const handler = defineHandler('login', async ({ body, ip, now }) => {
  const config = getAppConfig();
  // Per address (one machine trying many accounts), per address and account (one machine guessing
  // one password), both the caller's violations; per account from anywhere (many machines guessing
  // one), far above what one address may try and charged to nobody, since its owner may be the
  // one refused: guesses from one place never lock the owner out from another (decision 0011).
  const email = emailKey(body.email);
  // Windows count on the request's clock (the movable local clock in day-walking tests).
  const at = now.getTime();
  await enforceRateLimit(config, 'login', `ip#${ip}`, at);
  // The e-mail's hash: this window is not found when the account is deleted, and TTL ends it.
  await enforceRateLimit(config, 'loginPerAccount', `ip#${ip}#email#${hashSecret(email)}`, at);
  await enforceRateLimit(config, 'loginPerEmail', `email#${email}`, at, { charge: false });
  const user = await checkCredentials(body.email, body.password, {
    findUserIdByEmail,
    getUser,
    requireVerifiedEmail: config.email.requireVerification,
    registrationAttempt: (address) => getRegistrationAttempt(address, now),
  });
  // Checked after the password, so a ban tells nothing to someone who does not know it.
  if (isUserBanned(user)) throw bannedError();
  // Two-factor on: no session yet, only the temporary token that /api/auth/2fa/verify-temp takes.
  if (user.twoFactorEnabled) return { twoFAPending: true as const, tempToken: await startChallenge(user, now, { putChallenge }) };
  const lastLogin = now.toISOString();
  await recordLogin(user.id, lastLogin);
  const session = await startSession({ ...user, lastLogin }, { sessions, jwtKeys: await getJwtKeys(), now });
  return reply({ token: session.accessToken, user: toPublicUser(session.user) }, { cookies: sessionCookies(session.refreshToken) });
});
