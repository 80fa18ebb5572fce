import { buildPath, ERROR_CODES, routes } from '@meld/shared';
import { jwtVerify, SignJWT } from 'jose';
import { seal, unseal } from '../../../crypto/envelope.ts';
import { AccountGoneError, type StoredAction } from '../../../store/agent-store.ts';
import { DomainError } from '../../errors.ts';
import type { AgentDeps } from '../agent-deps.ts';
import { DEFAULT_ACTION_LIMITS, type ActionCallLimits, type ActionCredentials } from './action-tool.ts';
import { actionSealContext, targetDigest, tokenSealContext } from './action-target.ts';
import { safeFetch } from './safe-fetch.ts';

/**
 * OAuth actions (decision 0027): each user signs in at the provider once. The tool answers with the
 * sign-in URL (its state signed, naming the user, agent, action and its target, 10 minutes); the
 * provider sends the browser to the callback route, which trades the code for tokens and keeps them
 * sealed in the user's partition for that target; an expired access token is refreshed, and asked
 * for again when that fails. Tokens sealed for another target do not open (action-target.ts).
 */
const AUDIENCE = 'meld-action-oauth';
const STATE_TTL_SECONDS = 600;
/** A token this close to its end is refreshed first, so it does not expire mid-call. */
const EXPIRY_MARGIN_MS = 30_000;

type OAuthDeps = Pick<AgentDeps, 'store' | 'encryptionKeys' | 'signingKey' | 'serverOrigin'>;
type Limits = Pick<ActionCallLimits, 'allowedDomains'> & Partial<ActionCallLimits>;
export interface SignInTarget {
  userId: string;
  author: string;
  agentId: string;
  actionId: string;
}
/** The state also names the action's target when the sign-in began (action-target.ts). */
type SignedTarget = SignInTarget & { target: string };

export function redirectUri(origin: string, actionId: string): string {
  return `${origin}${buildPath(routes.actionOAuthCallback.path, { actionId })}`;
}

export async function signInUrl(action: StoredAction, target: SignInTarget, origin: string, now: Date, deps: Pick<OAuthDeps, 'signingKey'>): Promise<{ url: string; expiresAt: string }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const state = await new SignJWT({ usr: target.userId, aut: target.author, agt: target.agentId, act: target.actionId, tgt: targetDigest(action) })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + STATE_TTL_SECONDS)
    .sign(await deps.signingKey());
  const url = new URL(action.auth.authorization_url!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', action.auth.oauth_client_id!);
  url.searchParams.set('redirect_uri', redirectUri(origin, target.actionId));
  if (action.auth.scope) url.searchParams.set('scope', action.auth.scope);
  url.searchParams.set('state', state);
  return { url: url.href, expiresAt: new Date((issuedAt + STATE_TTL_SECONDS) * 1000).toISOString() };
}

async function openState(state: string, actionId: string, key: Uint8Array, now: Date): Promise<SignedTarget | null> {
  try {
    const { payload } = await jwtVerify(state, key, { audience: AUDIENCE, algorithms: ['HS256'], currentDate: now });
    const { usr, aut, agt, act, tgt } = payload;
    if (typeof usr !== 'string' || typeof aut !== 'string' || typeof agt !== 'string' || typeof tgt !== 'string' || act !== actionId) return null;
    return { userId: usr, author: aut, agentId: agt, actionId, target: tgt };
  } catch {
    return null;
  }
}

interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
}

/** One call to the provider's token endpoint (guarded like every action call), with the client's credentials. */
async function tokenRequest(action: StoredAction, clientSecret: string, params: Record<string, string>, limits: Limits): Promise<TokenAnswer> {
  const body = new URLSearchParams({ ...params, client_id: action.auth.oauth_client_id!, client_secret: clientSecret }).toString();
  const response = await safeFetch(action.auth.client_url!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
    allowedDomains: limits.allowedDomains,
    timeoutMs: limits.timeoutMs ?? DEFAULT_ACTION_LIMITS.timeoutMs,
    maxBytes: 100_000,
  });
  if (response.status >= 400) throw new Error(`the token endpoint answered ${response.status}`);
  let answer: unknown;
  try {
    answer = JSON.parse(response.body);
  } catch {
    throw new Error('the token endpoint did not answer JSON');
  }
  const token = answer as Partial<TokenAnswer>;
  if (typeof token.access_token !== 'string' || !token.access_token) throw new Error('the token endpoint gave no access token');
  return { access_token: token.access_token, refresh_token: typeof token.refresh_token === 'string' ? token.refresh_token : undefined, expires_in: typeof token.expires_in === 'number' ? token.expires_in : undefined };
}

async function clientSecretOf(action: StoredAction, author: string, deps: Pick<OAuthDeps, 'encryptionKeys'>): Promise<string> {
  if (!action.sealedKey) throw new Error("the action has no client secret; the agent's author must enter it");
  return unseal(action.sealedKey, await deps.encryptionKeys(), actionSealContext(author, action));
}

async function keepTokens(userId: string, action: StoredAction, answer: TokenAnswer, previousRefresh: string | undefined, now: Date, deps: Pick<OAuthDeps, 'store' | 'encryptionKeys'>): Promise<void> {
  const keys = await deps.encryptionKeys();
  const context = tokenSealContext(userId, action);
  const refresh = answer.refresh_token ?? previousRefresh;
  await deps.store.putActionToken(userId, {
    actionId: action.actionId,
    accessToken: seal(answer.access_token, keys, context),
    ...(refresh ? { refreshToken: seal(refresh, keys, context) } : {}),
    ...(answer.expires_in ? { expiresAt: new Date(now.getTime() + answer.expires_in * 1000).toISOString() } : {}),
    updatedAt: now.toISOString(),
  });
}

/** The callback: checks the signed state, trades the code for tokens and keeps them for the user who signed in. */
export async function completeSignIn(actionId: string, query: { code?: string; state?: string; error?: string }, now: Date, deps: OAuthDeps, limits: Limits): Promise<{ domain: string }> {
  if (query.error) throw new DomainError('invalid', ERROR_CODES.validation, `The sign-in was not completed: ${query.error}`);
  const target = query.state && query.code ? await openState(query.state, actionId, await deps.signingKey(), now) : null;
  if (!target) throw new DomainError('invalid', ERROR_CODES.validation, 'This sign-in link is not valid or has expired; ask the agent again for a new one.');
  const action = await deps.store.getAction(target.author, target.agentId, actionId);
  const origin = deps.serverOrigin();
  if (!action || action.auth.type !== 'oauth' || !origin) throw new DomainError('not-found', ERROR_CODES.notFound, 'This action no longer signs in with OAuth.');
  // The code goes only to the token endpoint of the sign-in it came from.
  if (target.target !== targetDigest(action)) throw new DomainError('invalid', ERROR_CODES.validation, 'The action changed since this sign-in began; ask the agent again for a new link.');
  let answer: TokenAnswer;
  try {
    answer = await tokenRequest(action, await clientSecretOf(action, target.author, deps), { grant_type: 'authorization_code', code: query.code!, redirect_uri: redirectUri(origin, actionId) }, limits);
  } catch (error) {
    throw new DomainError('unprocessable', 'invalid_action_error', `Signing in to ${action.domain} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    await keepTokens(target.userId, action, answer, undefined, now, deps);
  } catch (error) {
    if (error instanceof AccountGoneError) throw new DomainError('invalid', ERROR_CODES.validation, error.message);
    throw error;
  }
  return { domain: action.domain };
}

/**
 * The bearer token a user's call uses: the stored one, refreshed when it is about to expire; when
 * there is none (or refreshing fails) the tool answers with the sign-in URL instead.
 */
export async function oauthCredentials(action: StoredAction, author: string, userId: string, now: Date, deps: OAuthDeps, limits: Limits): Promise<ActionCredentials> {
  const origin = deps.serverOrigin();
  if (!origin) return { type: 'missing', reason: "OAuth actions need the server's address (serverDomain) in the configuration" };
  if (!action.sealedKey) return { type: 'missing', reason: "the action has no client secret; the agent's author must enter it" };
  const signIn = async (reason: string): Promise<ActionCredentials> => {
    const { url, expiresAt } = await signInUrl(action, { userId, author, agentId: action.agentId, actionId: action.actionId }, origin, now, deps);
    return { type: 'missing', reason: `${reason}: the user must sign in at ${url}`, auth: { url, expiresAt } };
  };
  const stored = await deps.store.getActionToken(userId, action.actionId);
  if (!stored) return signIn('no access token');
  const keys = await deps.encryptionKeys();
  const context = tokenSealContext(userId, action);
  try {
    if (!stored.expiresAt || Date.parse(stored.expiresAt) - EXPIRY_MARGIN_MS > now.getTime()) {
      return { type: 'service_http', authorization_type: 'bearer', apiKey: unseal(stored.accessToken, keys, context) };
    }
    if (!stored.refreshToken) return signIn('expired access token');
    const refresh = unseal(stored.refreshToken, keys, context);
    const answer = await tokenRequest(action, await clientSecretOf(action, author, deps), { grant_type: 'refresh_token', refresh_token: refresh }, limits);
    await keepTokens(userId, action, answer, refresh, now, deps);
    return { type: 'service_http', authorization_type: 'bearer', apiKey: answer.access_token };
  } catch {
    await deps.store.deleteActionToken(userId, action.actionId);
    return signIn('expired access token');
  }
}
