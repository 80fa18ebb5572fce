import { buildPath, routes } from '@meld/shared';
import { env } from '../../config/env.ts';
import { serializeCookie } from '../../http/cookies.ts';

/** Holds the secret that ties a started sign-in to this browser; only this action's OAuth routes receive it. */
export const BINDING_COOKIE = 'meld_action_oauth';
const BINDING_TTL_SECONDS = 600;

/** SameSite=Lax: the provider's redirect back is a top-level navigation from another site. An empty value clears it. */
export function bindingCookie(actionId: string, value: string): string {
  const path = buildPath(routes.actionOAuthCallback.path, { actionId }).replace(/\/callback$/, '');
  return serializeCookie(BINDING_COOKIE, value, { maxAgeSeconds: value ? BINDING_TTL_SECONDS : 0, path, sameSite: 'Lax', httpOnly: true, secure: env.cookieSecure() });
}
