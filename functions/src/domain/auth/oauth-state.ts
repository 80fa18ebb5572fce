import { randomBytes } from 'node:crypto';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@meld/shared';
import { SignJWT } from 'jose';
import { signWithCurrentKey, verifyWithKeys, type SigningKeys } from './signing-keys.ts';

/** Long enough to sign in at the provider, short enough that a stolen cookie is soon worthless. */
export const OAUTH_STATE_TTL_SECONDS = 600;
const AUDIENCE = 'meld-oauth-state';

/** What the browser carries between `/oauth/{provider}` and the callback, signed so it cannot be forged. */
export interface OAuthState {
  provider: SocialProvider;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Set when a signed-in member links the provider from Settings: the account the identity joins. */
  linkUserId?: string;
  /** With `linkUserId`: the session that started the link, which must still stand when it ends. */
  linkSessionId?: string;
}

export function newOAuthState(provider: SocialProvider, link?: { userId: string; sessionId: string }): OAuthState {
  const random = () => randomBytes(32).toString('base64url');
  return { provider, state: random(), nonce: random(), codeVerifier: random(), ...(link ? { linkUserId: link.userId, linkSessionId: link.sessionId } : {}) };
}

export async function sealOAuthState(value: OAuthState, keys: SigningKeys, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const token = new SignJWT({ provider: value.provider, state: value.state, nonce: value.nonce, verifier: value.codeVerifier, ...(value.linkUserId ? { link: value.linkUserId, sid: value.linkSessionId } : {}) })
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + OAUTH_STATE_TTL_SECONDS);
  return signWithCurrentKey(token, keys);
}

/**
 * The sealed state, when its signature holds, it has not expired and its `state` equals the one
 * the issuer sent back; null otherwise (a forged, stale or crossed sign-in).
 */
export async function openOAuthState(sealed: string | undefined, returnedState: string | undefined, keys: SigningKeys, now: Date): Promise<OAuthState | null> {
  if (!sealed || !returnedState) return null;
  try {
    const payload = await verifyWithKeys(sealed, keys, { audience: AUDIENCE, currentDate: now });
    const { provider, state, nonce, verifier, link, sid } = payload;
    if (!SOCIAL_PROVIDERS.includes(provider as SocialProvider) || typeof state !== 'string' || typeof nonce !== 'string' || typeof verifier !== 'string') return null;
    if (state !== returnedState || (link !== undefined && typeof link !== 'string') || (sid !== undefined && typeof sid !== 'string')) return null;
    return { provider: provider as SocialProvider, state, nonce, codeVerifier: verifier, ...(link ? { linkUserId: link } : {}), ...(sid ? { linkSessionId: sid } : {}) };
  } catch {
    return null;
  }
}
