import { createHash } from 'node:crypto';
import { COGNITO_PROVIDER_NAMES, type AppConfig, type SocialProvider } from '@meld/shared';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { OidcError } from './oidc-error.ts';
import { announcedAlgorithms, idTokenVerifier } from './oidc-id-token.ts';
import { fetchUserinfo, lacksEmail, withUserinfo } from './oidc-userinfo.ts';

export { OidcError };

/**
 * The one OpenID Connect client of social sign-in (decision 0010). The issuer is a Cognito user
 * pool in AWS or any OIDC issuer from the config; the flow is the same for both.
 */
export interface OidcIssuer {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  clientId: string;
  clientSecret?: string;
  /** Verifies an ID token's signature, issuer, audience and expiry, and returns its claims. */
  verifyIdToken(token: string): Promise<IdTokenClaims>;
  /** Where claims the ID token lacks are asked for (OIDC Core 5.3); Cognito's ID token has them all. */
  userinfoEndpoint?: string;
  /**
   * A broker in front of several providers (Cognito): its ID tokens name the provider the person
   * signed in with (`identities`). A plain issuer is the one provider itself and names none.
   */
  brokered: boolean;
}

export interface IdTokenClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  picture?: unknown;
  nonce?: unknown;
  /** Cognito: the federated identities behind the user, each with its `providerName`. */
  identities?: unknown;
}

const TIMEOUT_MS = 5_000;

let cached: { key: string; issuer: Promise<OidcIssuer> } | undefined;

/** The configured issuer, resolved once per cold start (discovery is one request). */
export function getOidcIssuer(social: AppConfig['social'], environment: NodeJS.ProcessEnv = process.env): Promise<OidcIssuer> {
  const key = JSON.stringify([social.issuer, social.cognito, environment.MELD_COGNITO_USER_POOL_ID, environment.MELD_COGNITO_CLIENT_ID, environment.MELD_COGNITO_DOMAIN]);
  if (cached?.key !== key) {
    const issuer = social.issuer ? discoverIssuer(social.issuer) : Promise.resolve(cognitoIssuer(environment));
    // A failed discovery is tried again on the next request rather than remembered.
    issuer.catch(() => {
      if (cached?.issuer === issuer) cached = undefined;
    });
    cached = { key, issuer };
  }
  return cached.issuer;
}

async function discoverIssuer(config: NonNullable<AppConfig['social']['issuer']>): Promise<OidcIssuer> {
  const base = config.url.replace(/\/+$/, '');
  const response = await fetch(`${base}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`The OIDC discovery document of ${base} answered ${response.status}`);
  const document = (await response.json()) as Record<string, unknown>;
  const text = (name: string) => {
    const value = document[name];
    if (typeof value !== 'string' || !value) throw new Error(`The OIDC discovery document of ${base} has no ${name}`);
    return value;
  };
  // jose, not aws-jwt-verify: the latter verifies no PS256/384/512, which an issuer may announce.
  const verify = idTokenVerifier({
    issuer: text('issuer'),
    clientId: config.clientId,
    jwksUri: text('jwks_uri'),
    algorithms: announcedAlgorithms(document.id_token_signing_alg_values_supported),
  });
  const userinfoEndpoint = document.userinfo_endpoint;
  return {
    authorizationEndpoint: text('authorization_endpoint'),
    tokenEndpoint: text('token_endpoint'),
    clientId: config.clientId,
    ...(config.clientSecret ? { clientSecret: config.clientSecret } : {}),
    verifyIdToken: async (token) => (await verify(token)) as IdTokenClaims,
    ...(typeof userinfoEndpoint === 'string' && userinfoEndpoint ? { userinfoEndpoint } : {}),
    brokered: false,
  };
}

/** The stack hands the user pool, its app client and hosted domain to the OAuth functions. */
function cognitoIssuer(environment: NodeJS.ProcessEnv): OidcIssuer {
  const userPoolId = environment.MELD_COGNITO_USER_POOL_ID;
  const clientId = environment.MELD_COGNITO_CLIENT_ID;
  const domain = environment.MELD_COGNITO_DOMAIN?.replace(/\/+$/, '');
  if (!userPoolId || !clientId || !domain) throw new Error('Social sign-in through Cognito needs MELD_COGNITO_USER_POOL_ID, MELD_COGNITO_CLIENT_ID and MELD_COGNITO_DOMAIN');
  const verifier = CognitoJwtVerifier.create({ userPoolId, clientId, tokenUse: 'id' });
  return {
    authorizationEndpoint: `${domain}/oauth2/authorize`,
    tokenEndpoint: `${domain}/oauth2/token`,
    clientId,
    verifyIdToken: async (token) => (await verifier.verify(token)) as IdTokenClaims,
    brokered: true,
  };
}

export interface AuthorizationRequest {
  provider: SocialProvider;
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Where the browser signs in: the issuer's authorize endpoint, with PKCE (S256), state and nonce. */
export function authorizationUrl(issuer: OidcIssuer, request: AuthorizationRequest): string {
  const url = new URL(issuer.authorizationEndpoint);
  const params = {
    response_type: 'code',
    client_id: issuer.clientId,
    redirect_uri: request.redirectUri,
    scope: 'openid email profile',
    state: request.state,
    nonce: request.nonce,
    code_challenge: createHash('sha256').update(request.codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
    // Cognito goes straight to this provider instead of its own chooser; plain issuers ignore it.
    // The browser can change it, so the callback checks the provider the ID token names.
    identity_provider: COGNITO_PROVIDER_NAMES[request.provider],
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** The tokens the code is swapped for: the ID token, and an access token for the userinfo endpoint. */
export interface IssuedTokens {
  idToken: string;
  accessToken?: string;
}

/** Swaps the authorization code for the issuer's tokens (the back channel, never the browser). */
export async function exchangeCode(issuer: OidcIssuer, input: { code: string; redirectUri: string; codeVerifier: string }): Promise<IssuedTokens> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (issuer.clientSecret) {
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(issuer.clientId)}:${encodeURIComponent(issuer.clientSecret)}`).toString('base64')}`;
  }
  const response = await fetch(issuer.tokenEndpoint, {
    method: 'POST',
    headers,
    body: new URLSearchParams({ grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri, client_id: issuer.clientId, code_verifier: input.codeVerifier }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new OidcError(`The token endpoint answered ${response.status}`);
  const body = (await response.json()) as { id_token?: unknown; access_token?: unknown; token_type?: unknown };
  if (typeof body.id_token !== 'string') throw new OidcError('The token endpoint sent no ID token');
  // Only a Bearer token is one Meld can present to the userinfo endpoint (a DPoP one needs a proof).
  const bearer = typeof body.access_token === 'string' && typeof body.token_type === 'string' && body.token_type.toLowerCase() === 'bearer';
  return { idToken: body.id_token, ...(bearer ? { accessToken: body.access_token as string } : {}) };
}

/**
 * Who signed in: the verified ID token's claims, completed from the userinfo endpoint when the
 * token lacks the e-mail (OIDC Core 5.3-5.4), as a conformant issuer's does whenever it issues an
 * access token. An ID token that has it costs no further request (Cognito, the local fake).
 */
export async function signInClaims(issuer: OidcIssuer, input: { code: string; redirectUri: string; codeVerifier: string }): Promise<IdTokenClaims> {
  const tokens = await exchangeCode(issuer, input);
  const claims = await issuer.verifyIdToken(tokens.idToken);
  if (!lacksEmail(claims) || !issuer.userinfoEndpoint || !tokens.accessToken) return claims;
  return withUserinfo(claims, await fetchUserinfo(issuer.userinfoEndpoint, tokens.accessToken));
}
