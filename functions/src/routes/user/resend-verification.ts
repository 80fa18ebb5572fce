import { getAppConfig } from '../../config/app-config.ts';
import { resendVerification } from '../../domain/auth/email-verification.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { linkFlowDeps } from '../../mail/link-flow-deps.ts';
import { atSteadyPace } from '../../mail/steady-reply.ts';
import { emailKey } from '../../store/keys.ts';

export const handler = defineHandler('resendVerification', async ({ body, ip, now, event }) => {
  const startedAt = Date.now();
  const config = getAppConfig();
  // Like the password reset: the per-e-mail window is out of one address's reach and nobody's
  // violation, so one address never locks the owner out of their verification mail (decision 0011).
  // Windows count on the request's clock, as login's do (the movable local clock in day-walking tests).
  const at = now.getTime();
  await enforceRateLimit(config, 'verifyEmail', `ip#${ip}`, at);
  await enforceRateLimit(config, 'verifyEmailPerEmail', `email#${emailKey(body.email)}`, at, { charge: false });
  // Only an unverified account is mailed: with mail on, every answer takes as long (decision 0009).
  return atSteadyPace(config.email.enabled, () => resendVerification(body.email, linkFlowDeps(config, event, now)), startedAt);
});
