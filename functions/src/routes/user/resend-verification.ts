import { getAppConfig } from '../../config/app-config.ts';
import { resendVerification } from '../../domain/auth/email-verification.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { linkFlowDeps } from '../../mail/link-flow-deps.ts';
import { emailKey } from '../../store/keys.ts';

export const handler = defineHandler('resendVerification', async ({ body, ip, now, event }) => {
  const config = getAppConfig();
  await enforceRateLimit(config, 'verifyEmail', `ip#${ip}`);
  await enforceRateLimit(config, 'verifyEmail', `email#${emailKey(body.email)}`);
  return resendVerification(body.email, linkFlowDeps(config, event, now));
});
