import type { RouteName, Routes } from '@meld/shared';

/**
 * Method, path and auth level of every API route, mirrored from `routes` in @meld/shared.
 *
 * Why a mirror: the shared table also carries the zod schemas, and importing it would put zod in
 * every page's JavaScript, the login page's included. The type below pins each entry to the
 * literal types of the shared table, so a renamed path, a changed method or a route added to
 * @meld/shared fails type-checking here; api-routes.test.ts also compares the values at run time.
 */
type RouteMeta = { readonly [N in RouteName]: Pick<Routes[N], 'method' | 'path' | 'auth'> };

export const apiRoutes = {
  health: { method: 'GET', path: '/health', auth: 'public' },
  getConfig: { method: 'GET', path: '/api/config', auth: 'public' },
  getBanner: { method: 'GET', path: '/api/banner', auth: 'public' },
  validateSignupCode: { method: 'POST', path: '/api/auth/validate-signup-code', auth: 'public' },
  register: { method: 'POST', path: '/api/auth/register', auth: 'public' },
  login: { method: 'POST', path: '/api/auth/login', auth: 'public' },
  refresh: { method: 'POST', path: '/api/auth/refresh', auth: 'public' },
  logout: { method: 'POST', path: '/api/auth/logout', auth: 'public' },
  getUser: { method: 'GET', path: '/api/user', auth: 'user' },
} as const satisfies RouteMeta;

/** Auth routes are never refreshed or retried on a 401: login, register, refresh, logout, 2fa. */
export function isAuthPath(path: string): boolean {
  return path.startsWith('/api/auth/');
}
