import { STREAM_AUTH_HEADER, type AuthLevel } from '@meld/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { getJwtKey } from '../config/secrets.ts';
import { verifyAccessToken, type AccessClaims } from '../domain/auth/tokens.ts';
import { getUser } from '../store/user-store.ts';
import { httpErrors } from './errors.ts';

export type AuthContext = AccessClaims;

/**
 * Enforces a route's auth level before its handler runs. Streaming routes sit behind CloudFront
 * OAC, which owns the Authorization header, so the browser's token arrives in X-Meld-Authorization.
 */
export async function authenticate(level: AuthLevel, event: APIGatewayProxyEventV2): Promise<AuthContext | null> {
  if (level === 'public' || level === 'mentor-token') return null;
  const header = event.headers?.[STREAM_AUTH_HEADER] ?? event.headers?.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
  if (!token) throw httpErrors.unauthorized();
  const claims = await verifyAccessToken(token, await getJwtKey());
  if (!claims) throw httpErrors.unauthorized('Your session has expired. Please sign in again.');
  if (level === 'admin') {
    // The token's role may be up to 15 minutes old; a demoted admin loses access at once.
    const user = await getUser(claims.userId);
    if (user?.role !== 'ADMIN') throw httpErrors.forbidden();
  }
  return claims;
}

/** A bearer token on a public route is optional: read it when valid, ignore it otherwise. */
export async function optionalAuth(event: APIGatewayProxyEventV2): Promise<AuthContext | null> {
  try {
    return await authenticate('user', event);
  } catch {
    return null;
  }
}
