import { getAppConfig } from '../../config/app-config.ts';
import { INVALID_SIGNUP_CODE_MESSAGE, isUsableCode } from '../../domain/auth/registration.ts';
import { signupCodeCookie } from '../../http/auth-cookies.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { reply } from '../../http/reply.ts';
import { getSignupCode } from '../../store/signup-code-store.ts';

/** Rate-limited per address, since a guessable code is the only thing guarding sign-up. */
export const handler = defineHandler('validateSignupCode', async ({ body, ip, now }) => {
  await enforceRateLimit(getAppConfig(), 'signupCode', ip);
  if (!isUsableCode(await getSignupCode(body.signupCode), now)) return { valid: false, message: INVALID_SIGNUP_CODE_MESSAGE };
  return reply({ valid: true, message: 'Signup code accepted' }, { cookies: [signupCodeCookie(body.signupCode)] });
});
