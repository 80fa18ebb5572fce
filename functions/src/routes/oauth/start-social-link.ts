import { ERROR_CODES } from '@meld/shared';
import { getAppConfig } from '../../config/app-config.ts';
import { DomainError } from '../../domain/errors.ts';
import { HttpError } from '../../http/errors.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { issuerAuthorization } from './authorization.ts';
import { providerEnabled, publicOrigin } from './oauth-redirects.ts';

/**
 * A signed-in member links a provider from Settings: the same OIDC flow as sign-in, its sealed state
 * naming the member, so the callback joins the identity to this account whatever its e-mail says.
 * A fetch with the access token (a navigation carries none), answering where the browser goes next.
 */
export const handler = defineHandler('startSocialLink', async ({ auth, params, event, now }) => {
  const config = getAppConfig();
  if (!providerEnabled(config, params.provider)) throw new DomainError('not-found', ERROR_CODES.notFound, 'That sign-in option isn’t available.');
  const authorization = await issuerAuthorization(config, publicOrigin(config, event), params.provider, now, { userId: auth.userId, sessionId: auth.sessionId });
  if (!authorization) throw new HttpError(503, ERROR_CODES.serviceUnavailable, 'The sign-in provider cannot be reached right now. Please try again later.');
  return reply({ url: authorization.location }, { cookies: [authorization.cookie] });
});
