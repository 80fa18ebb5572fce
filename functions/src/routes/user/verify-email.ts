import { getAppConfig } from '../../config/app-config.ts';
import { verifyEmail } from '../../domain/auth/email-verification.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { consumeOneTimeToken, deleteOneTimeTokens } from '../../store/one-time-token-store.ts';
import { findUserIdByEmail, markEmailVerified } from '../../store/user-store.ts';

export const handler = defineHandler('verifyEmail', async ({ body, ip, now }) => {
  await enforceRateLimit(getAppConfig(), 'verifyEmail', `ip#${ip}`);
  return verifyEmail(body.email, body.token, {
    findUserIdByEmail,
    consumeToken: consumeOneTimeToken,
    deleteTokens: deleteOneTimeTokens,
    markEmailVerified,
    now,
  });
});
