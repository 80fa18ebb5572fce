import { ERROR_CODES, SIGNUP_CODE_COOKIE } from '@meld/shared';
import { getAppConfig } from '../../config/app-config.ts';
import { getJwtKey } from '../../config/secrets.ts';
import { toPublicUser } from '../../domain/auth/public-user.ts';
import { register } from '../../domain/auth/registration.ts';
import { startSession } from '../../domain/auth/sessions.ts';
import { DomainError } from '../../domain/errors.ts';
import { clearSignupCodeCookie, refreshCookie } from '../../http/auth-cookies.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { reply } from '../../http/reply.ts';
import * as sessions from '../../store/session-store.ts';
import { consumeSignupCode, getSignupCode } from '../../store/signup-code-store.ts';
import { createUser, EmailTakenError } from '../../store/user-store.ts';

export const handler = defineHandler('register', async ({ body, cookies, ip, now }) => {
  const config = getAppConfig();
  if (!config.registration.enabled) throw new DomainError('forbidden', ERROR_CODES.forbidden, 'Registration is closed.');
  await enforceRateLimit(config, 'register', ip);
  const user = await register(body, body.signup_code ?? cookies[SIGNUP_CODE_COOKIE], {
    getSignupCode,
    consumeSignupCode,
    createUser,
    isEmailTaken: (error) => error instanceof EmailTakenError,
    now,
  });
  const session = await startSession(user, { sessions, jwtKey: await getJwtKey(), now });
  return reply(
    { token: session.accessToken, user: toPublicUser(user) },
    { status: 201, cookies: [refreshCookie(session.refreshToken), clearSignupCodeCookie()] },
  );
});
