import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { OidcError } from './oidc-error.ts';

/**
 * The JWS algorithms an OpenID issuer may sign ID tokens with that Meld verifies: the asymmetric
 * ones of RFC 7518, EdDSA (RFC 8037) and its fully specified Ed25519 (RFC 9864). HS* would make
 * the client secret the key, and `none` signs nothing; neither is ever accepted.
 */
export const ID_TOKEN_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'] as const;

/**
 * The algorithms to accept: those the discovery document announces
 * (`id_token_signing_alg_values_supported`) that Meld verifies. A document without the list
 * (it is required) gets RS256, OpenID Connect's default.
 */
export function announcedAlgorithms(announced: unknown): string[] {
  if (announced === undefined) return ['RS256'];
  const list: unknown[] = Array.isArray(announced) ? announced : [];
  const usable = ID_TOKEN_ALGORITHMS.filter((algorithm) => list.includes(algorithm));
  if (!usable.length) throw new OidcError(`The issuer signs ID tokens with none of ${ID_TOKEN_ALGORITHMS.join(', ')}`);
  return usable;
}

const TIMEOUT_MS = 5_000;

/**
 * Verifies an issuer's ID tokens (OIDC Core 3.1.3.7): the signature by a key of its JWKS with an
 * announced algorithm, the issuer, this client as audience (and as `azp` when one is named), and
 * the expiry. The JWKS is fetched once and again when a token names a key it lacks (a rotation).
 */
export function idTokenVerifier(options: { issuer: string; clientId: string; jwksUri: string; algorithms: string[] }): (token: string) => Promise<JWTPayload & { sub: string }> {
  const keys = createRemoteJWKSet(new URL(options.jwksUri), { timeoutDuration: TIMEOUT_MS });
  return async (token) => {
    const { payload } = await jwtVerify(token, keys, {
      issuer: options.issuer,
      audience: options.clientId,
      algorithms: options.algorithms,
      requiredClaims: ['sub', 'iat', 'exp'],
    });
    if (typeof payload.sub !== 'string' || !payload.sub) throw new OidcError('The ID token names no subject');
    if (payload.azp !== undefined && payload.azp !== options.clientId) throw new OidcError('The ID token was issued to another client (azp)');
    return payload as JWTPayload & { sub: string };
  };
}
