import { OAUTH_CALLBACK_PATH } from '@meld/shared';
import { authorizationUrl, getOidcIssuer } from '../../auth-providers/oidc-client.ts';
import { getAppConfig } from '../../config/app-config.ts';
import { getJwtKey } from '../../config/secrets.ts';
import { newOAuthState, sealOAuthState } from '../../domain/auth/oauth-state.ts';
import { defineHandler } from '../../http/handler.ts';
import { logger } from '../../http/logger.ts';
import { providerEnabled, publicOrigin, redirect, redirectToLogin, stateCookie } from './oauth-redirects.ts';

/** `/oauth/{provider}`: to the issuer's sign-in, with the state sealed in a cookie (decision 0010). */
export const handler = defineHandler('oauthStart', async ({ params, event, now }) => {
  const config = getAppConfig();
  const origin = publicOrigin(config, event);
  if (!providerEnabled(config, params.provider)) return redirectToLogin(origin, 'provider_disabled');
  const issuer = await getOidcIssuer(config.social).catch((error: unknown) => {
    logger.warn('the identity provider cannot be reached', { problem: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown' });
    return null;
  });
  if (!issuer) return redirectToLogin(origin, 'oauth_failed');
  const state = newOAuthState(params.provider);
  const location = authorizationUrl(issuer, { ...state, redirectUri: `${origin}${OAUTH_CALLBACK_PATH}` });
  return redirect(location, [stateCookie(await sealOAuthState(state, await getJwtKey(), now))]);
});
