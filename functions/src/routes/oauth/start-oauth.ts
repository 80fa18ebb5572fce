import { getAppConfig } from '../../config/app-config.ts';
import { defineHandler } from '../../http/handler.ts';
import { issuerAuthorization } from './authorization.ts';
import { providerEnabled, publicOrigin, redirect, redirectToLogin } from './oauth-redirects.ts';

/** `/oauth/{provider}`: to the issuer's sign-in, with the state sealed in a cookie (decision 0010). */
export const handler = defineHandler('oauthStart', async ({ params, event, now }) => {
  const config = getAppConfig();
  const origin = publicOrigin(config, event);
  if (!providerEnabled(config, params.provider)) return redirectToLogin(origin, 'provider_disabled');
  const authorization = await issuerAuthorization(config, origin, params.provider, now);
  if (!authorization) return redirectToLogin(origin, 'oauth_failed');
  return redirect(authorization.location, [authorization.cookie]);
});
