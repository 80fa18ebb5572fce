import { OAUTH_CALLBACK_PATH, type AppConfig, type SocialProvider } from '@meld/shared';
import { authorizationUrl, getOidcIssuer } from '../../auth-providers/oidc-client.ts';
import { getJwtKeys } from '../../config/secrets.ts';
import { newOAuthState, sealOAuthState } from '../../domain/auth/oauth-state.ts';
import { logger } from '../../http/logger.ts';
import { stateCookie } from './oauth-redirects.ts';

/**
 * The issuer's sign-in page for a provider and the cookie that seals the state (decision 0010), for
 * a sign-in or, with `link`, for linking the provider to that signed-in member from that session.
 * Null when the issuer cannot be reached.
 */
export async function issuerAuthorization(
  config: AppConfig,
  origin: string,
  provider: SocialProvider,
  now: Date,
  link?: { userId: string; sessionId: string },
): Promise<{ location: string; cookie: string } | null> {
  const issuer = await getOidcIssuer(config.social).catch((error: unknown) => {
    logger.warn('the identity provider cannot be reached', { problem: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown' });
    return null;
  });
  if (!issuer) return null;
  const state = newOAuthState(provider, link);
  const location = authorizationUrl(issuer, { ...state, redirectUri: `${origin}${OAUTH_CALLBACK_PATH}` });
  return { location, cookie: stateCookie(await sealOAuthState(state, await getJwtKeys(), now)) };
}
