import { MENTOR_ACCESS_TOKEN_LENGTH, MENTOR_TOKEN_PARAM, STREAM_AUTH_HEADER, type RouteDef } from '@meld/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { getJwtKeys } from '../config/secrets.ts';
import { verifyAccessToken, type AccessClaims } from '../domain/auth/tokens.ts';
import { bannedError, isUserBanned } from '../domain/limits/bans.ts';
import { getSessionStanding } from '../store/session-store.ts';
import { getUser } from '../store/user-store.ts';
import { httpErrors } from './errors.ts';
import { pathParams } from './path-params.ts';

export type AuthContext = AccessClaims;

/**
 * Enforces a route's auth level before its handler runs. Streaming routes sit behind CloudFront
 * OAC, which owns the Authorization header, so the browser's token arrives in X-Meld-Authorization.
 */
export async function authenticate(route: Pick<RouteDef, 'auth' | 'path'>, event: APIGatewayProxyEventV2): Promise<AuthContext | null> {
  const level = route.auth;
  if (level === 'public') return null;
  if (level === 'mentor-token') {
    requireMentorTokenShape(pathParams(route as RouteDef, event)[MENTOR_TOKEN_PARAM]);
    return null;
  }
  const header = event.headers?.[STREAM_AUTH_HEADER] ?? event.headers?.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
  if (!token) throw httpErrors.unauthorized();
  const claims = await verifyAccessToken(token, await getJwtKeys());
  if (!claims) throw httpErrors.unauthorized('Your session has expired. Please sign in again.');
  // A valid signature is not enough: the session must still stand (sign-out, a reset, a deletion
  // end it at once) and its account must not be banned. One small read (decision 0011).
  const standing = await getSessionStanding(claims.userId, claims.sessionId);
  if (!standing) throw httpErrors.unauthorized('Your session has ended. Please sign in again.');
  if (isUserBanned(standing)) throw bannedError();
  // The session's role is the current one (a role change writes it there); the token's may be up
  // to 15 minutes old, so a demoted admin would keep admin rights on member routes until then.
  const current = standing.role ? { ...claims, role: standing.role } : claims;
  if (level === 'admin') {
    // The token's role may be up to 15 minutes old; a demoted or banned admin loses access at once.
    const user = await getUser(claims.userId);
    if (user?.role !== 'ADMIN') throw httpErrors.forbidden();
    if (isUserBanned(user)) throw bannedError();
  }
  return current;
}

/**
 * Interview links carry a 64-character secret; anything else cannot be one, so it is refused
 * before any lookup. Whether the token belongs to an invited mentor is the route's own check.
 */
function requireMentorTokenShape(token: string | undefined): void {
  if (!token || token.length !== MENTOR_ACCESS_TOKEN_LENGTH || !/^[\w-]+$/.test(token)) {
    throw httpErrors.notFound('This interview link has expired or is no longer valid.');
  }
}

/** A bearer token on a public route is optional: read it when valid, ignore it otherwise. */
export async function optionalAuth(event: APIGatewayProxyEventV2): Promise<AuthContext | null> {
  try {
    return await authenticate({ auth: 'user', path: '' }, event);
  } catch {
    return null;
  }
}
