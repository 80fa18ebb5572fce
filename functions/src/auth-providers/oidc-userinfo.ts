import { OidcError } from './oidc-error.ts';

/**
 * The userinfo endpoint (OIDC Core 5.3): a conformant issuer that hands out an access token puts
 * the claims of the `email` and `profile` scopes there, and the ID token carries only `sub`
 * (OIDC Core 5.4). Cognito's ID token carries them itself.
 */

const TIMEOUT_MS = 5_000;
const PROFILE_CLAIMS = ['name', 'picture'] as const;

type Claims = { sub: string; email?: unknown; email_verified?: unknown; name?: unknown; picture?: unknown };

/** The sign-in needs the address and the issuer's word that it is verified. */
export function lacksEmail(claims: Claims): boolean {
  return claims.email === undefined || claims.email_verified === undefined;
}

/** The userinfo answer for an access token (Bearer), as JSON. */
export async function fetchUserinfo(endpoint: string, accessToken: string): Promise<Record<string, unknown>> {
  const response = await fetch(endpoint, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new OidcError(`The userinfo endpoint answered ${response.status}`);
  // A signed answer (application/jwt) goes only to clients that registered for one; Meld registers none.
  if (!/^application\/json\b/i.test(response.headers.get('content-type') ?? '')) throw new OidcError('The userinfo endpoint answered something other than JSON');
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new OidcError('The userinfo answer is not a JSON object');
  return body as Record<string, unknown>;
}

/**
 * The ID token's claims, with what it lacks taken from the userinfo answer. That answer counts only
 * for the ID token's own subject (OIDC Core 5.3.2: else it may be someone else's, substituted).
 * Only the profile and e-mail claims are taken; the ID token alone says who signed in and how
 * (`sub`, `nonce`, Cognito's `identities`).
 */
export function withUserinfo<T extends Claims>(claims: T, userinfo: Record<string, unknown>): T {
  if (userinfo.sub !== claims.sub) throw new OidcError('The userinfo answer is about another subject than the ID token');
  const merged: Record<string, unknown> = { ...claims };
  for (const name of PROFILE_CLAIMS) if (merged[name] === undefined) merged[name] = userinfo[name];
  // The address and its verification are one statement: both from one answer, never one from each,
  // unless both answers name the same address.
  if (claims.email === undefined) {
    merged.email = userinfo.email;
    merged.email_verified = userinfo.email_verified;
  } else if (claims.email_verified === undefined && userinfo.email === claims.email) {
    merged.email_verified = userinfo.email_verified;
  }
  return merged as T;
}
