import { getAppConfig } from '../../config/app-config.ts';
import { resendVerification } from '../../domain/auth/email-verification.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { linkFlowDeps } from '../../mail/link-flow-deps.ts';
import { emailKey } from '../../store/keys.ts';

export const handler = defineHandler('resendVerification', async ({ body, ip, now, event }) => {
  const config = getAppConfig();
  // Like the password reset: the per-e-mail window is out of one address's reach and nobody's
  // violation, so one address never locks the owner out of their verification mail (decision 0011).
  await enforceRateLimit(config, 'verifyEmail', `ip#${ip}`);
  await enforceRateLimit(config, 'verifyEmailPerEmail', `email#${emailKey(body.email)}`, Date.now(), { charge: false });
  return resendVerification(body.email, linkFlowDeps(config, event, now));
});
