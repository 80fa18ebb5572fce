import { getAppConfig } from '../../config/app-config.ts';
import { requestPasswordReset } from '../../domain/auth/password-reset.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { linkFlowDeps } from '../../mail/link-flow-deps.ts';
import { emailKey } from '../../store/keys.ts';

export const handler = defineHandler('requestPasswordReset', async ({ body, ip, now, event }) => {
  const config = getAppConfig();
  // Per address and per e-mail: nobody floods one inbox, nor walks a list of addresses.
  await enforceRateLimit(config, 'passwordReset', `ip#${ip}`);
  await enforceRateLimit(config, 'passwordReset', `email#${emailKey(body.email)}`);
  return requestPasswordReset(body.email, linkFlowDeps(config, event, now));
});
