import { OAUTH_STATE_COOKIE, type AppConfig, type SocialProvider, type SocialSignInError } from '@meld/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { env } from '../../config/env.ts';
import { OAUTH_STATE_TTL_SECONDS } from '../../domain/auth/oauth-state.ts';
import { serializeCookie } from '../../http/cookies.ts';
import { reply, type Reply } from '../../http/reply.ts';

/** Only the two OAuth routes ever receive the state cookie. */
const STATE_COOKIE_PATH = '/oauth';

export function providerEnabled(config: AppConfig, provider: SocialProvider): boolean {
  return config.social.enabled && config.social.providers[provider] === true;
}

/**
 * The origin the browser sees: serverDomain when set (always in AWS, where CloudFront does not pass
 * the viewer's host on), else the request's own host (one machine).
 */
export function publicOrigin(config: AppConfig, event: APIGatewayProxyEventV2): string {
  const domain = config.serverDomain.trim().replace(/\/+$/, '');
  if (domain) return /^https?:\/\//.test(domain) ? domain : `https://${domain}`;
  const proto = event.headers['x-forwarded-proto'] ?? 'http';
  return `${proto}://${event.headers.host ?? event.requestContext.domainName}`;
}

/** SameSite=Lax: the issuer's redirect back is a top-level navigation from another site. */
export function stateCookie(sealed: string): string {
  return serializeCookie(OAUTH_STATE_COOKIE, sealed, { maxAgeSeconds: OAUTH_STATE_TTL_SECONDS, path: STATE_COOKIE_PATH, sameSite: 'Lax', httpOnly: true, secure: env.cookieSecure() });
}

export function clearStateCookie(): string {
  return serializeCookie(OAUTH_STATE_COOKIE, '', { maxAgeSeconds: 0, path: STATE_COOKIE_PATH, sameSite: 'Lax', httpOnly: true, secure: env.cookieSecure() });
}

export function redirect(location: string, cookies: string[] = []): Reply<null> {
  return reply(null, { status: 302, cookies, headers: { location, 'cache-control': 'no-store' } });
}

/** Back to the login page, which shows the code as a translated banner; the state is spent. */
export function redirectToLogin(origin: string, code: SocialSignInError): Reply<null> {
  return redirect(`${origin}/login?error=${code}`, [clearStateCookie()]);
}
