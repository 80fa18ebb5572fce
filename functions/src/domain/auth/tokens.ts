import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, ROLES, type Role } from '@meld/shared';
import { SignJWT } from 'jose';
import { signWithCurrentKey, verifyWithKeys, type SigningKeys } from './signing-keys.ts';

const ISSUER = 'meld';
const AUDIENCE = 'meld-api';

export interface AccessClaims {
  userId: string;
  role: Role;
  sessionId: string;
}

/** Short-lived bearer token; the refresh cookie renews it. */
export async function signAccessToken(claims: AccessClaims, keys: SigningKeys, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const token = new SignJWT({ role: claims.role, sid: claims.sessionId })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS);
  return signWithCurrentKey(token, keys);
}

/** Returns the claims of a valid token, or null for anything expired, forged or malformed. */
export async function verifyAccessToken(token: string, keys: SigningKeys): Promise<AccessClaims | null> {
  try {
    const payload = await verifyWithKeys(token, keys, { issuer: ISSUER, audience: AUDIENCE });
    const role = payload.role;
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || !ROLES.includes(role as Role)) return null;
    return { userId: payload.sub, role: role as Role, sessionId: payload.sid };
  } catch {
    return null;
  }
}

/**
 * Refresh tokens are "<userId>.<sessionId>.<secret>": the ids locate the session item with one
 * read, and only the secret's SHA-256 is stored.
 */
export interface RefreshToken {
  userId: string;
  sessionId: string;
  secret: string;
}

export function newRefreshToken(userId: string, sessionId: string): RefreshToken {
  return { userId, sessionId, secret: randomBytes(32).toString('base64url') };
}

export function formatRefreshToken(token: RefreshToken): string {
  return `${token.userId}.${token.sessionId}.${token.secret}`;
}

export function parseRefreshToken(raw: string | undefined): RefreshToken | null {
  if (!raw) return null;
  const parts = raw.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[\w-]{8,128}$/.test(part))) return null;
  const [userId, sessionId, secret] = parts as [string, string, string];
  return { userId, sessionId, secret };
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function newId(): string {
  return randomBytes(12).toString('base64url');
}
