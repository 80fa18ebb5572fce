import { getAppConfig } from '../../config/app-config.ts';
import { requestPasswordReset } from '../../domain/auth/password-reset.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { linkFlowDeps } from '../../mail/link-flow-deps.ts';
import { atSteadyPace } from '../../mail/steady-reply.ts';
import { emailKey } from '../../store/keys.ts';

export const handler = defineHandler('requestPasswordReset', async ({ body, ip, now, event }) => {
  const startedAt = Date.now();
  const config = getAppConfig();
  // Per address (nobody walks a list of addresses; the caller's violations), then per e-mail from
  // anywhere (nobody floods one inbox), far above what one address may ask and charged to nobody,
  // since its owner may be the one refused: requests from one place never lock the owner out of
  // the reset from another (decision 0011).
  // Windows count on the request's clock, as login's do (the movable local clock in day-walking tests).
  const at = now.getTime();
  await enforceRateLimit(config, 'passwordReset', `ip#${ip}`, at);
  await enforceRateLimit(config, 'passwordResetPerEmail', `email#${emailKey(body.email)}`, at, { charge: false });
  // Only a real account is mailed: with mail on, every answer takes as long (decision 0009).
  return atSteadyPace(config.email.enabled, () => requestPasswordReset(body.email, linkFlowDeps(config, event, now)), startedAt);
});
