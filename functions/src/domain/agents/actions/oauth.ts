import { createHash, randomBytes } from 'node:crypto';
import { buildPath, ERROR_CODES, routes } from '@meld/shared';
import { SignJWT } from 'jose';
import { signWithCurrentKey, verifyWithKeys, type SigningKeys } from '../../auth/signing-keys.ts';
import { seal, unseal } from '../../../crypto/envelope.ts';
import { AccountGoneError, type StoredAction } from '../../../store/agent-store.ts';
import { DomainError } from '../../errors.ts';
import type { AgentDeps } from '../agent-deps.ts';
import { DEFAULT_ACTION_LIMITS, type ActionCallLimits, type ActionCredentials } from './action-tool.ts';
import { actionSealContext, targetDigest, tokenSealContext } from './action-target.ts';
import { safeFetch } from './safe-fetch.ts';

/**
 * OAuth actions (decision 0027): each user signs in at the provider once. The tool answers with a
 * link to start the sign-in (a signed ticket naming the user, agent, action and its target, 10
 * minutes), which the conversation keeps and may share. Only the member it names turns it into the
 * provider's sign-in page, through their own signed-in request: that request gets a fresh state
 * (never stored in the conversation) and a cookie binding it to their browser. The provider sends
 * that browser to the callback route, which checks the cookie, spends the state once, trades the
 * code for tokens and keeps them sealed in the user's partition for that target; an expired access
 * token is refreshed, and asked for again when that fails. Tokens sealed for another target do not
 * open (action-target.ts).
 */
const TICKET_AUDIENCE = 'meld-action-oauth-ticket';
const STATE_AUDIENCE = 'meld-action-oauth-state';
const STATE_TTL_SECONDS = 600;
/** A token this close to its end is refreshed first, so it does not expire mid-call. */
const EXPIRY_MARGIN_MS = 30_000;

type OAuthDeps = Pick<AgentDeps, 'store' | 'encryptionKeys' | 'signingKeys' | 'serverOrigin'>;
/** The sign-ins begun and not yet completed, and the sessions that began them (agent-store, session-store). */
export interface SignInDeps extends OAuthDeps {
  signIns: {
    putActionSignIn(userId: string, signIn: { signInId: string; actionId: string; expiresAt: number }): Promise<void>;
    /** Removes the sign-in; false when it was not there (spent, expired, or never begun). */
    takeActionSignIn(userId: string, signInId: string, actionId: string, now: Date): Promise<boolean>;
    /** Whether the session still stands, read strongly consistent. */
    sessionStands(userId: string, sessionId: string): Promise<boolean>;
  };
}
type Limits = Pick<ActionCallLimits, 'allowedDomains'> & Partial<ActionCallLimits>;
export interface SignInTarget {
  userId: string;
  author: string;
  agentId: string;
  actionId: string;
}
/** The ticket and the state also name the action's target when the sign-in began (action-target.ts). */
type SignedTarget = SignInTarget & { target: string };
/** The state the provider carries: the session that began it, its one-time id, and the digest of its browser's cookie. */
type SignedState = SignedTarget & { sessionId: string; signInId: string; binding: string };

const refused = (message: string) => new DomainError('invalid', ERROR_CODES.validation, message);
const NOT_VALID = 'This sign-in link is not valid or has expired; ask the agent again for a new one.';
const CHANGED = 'The action changed since this sign-in began; ask the agent again for a new link.';

export function redirectUri(origin: string, actionId: string): string {
  return `${origin}${buildPath(routes.actionOAuthCallback.path, { actionId })}`;
}

async function sign(claims: Record<string, string>, audience: string, now: Date, keys: SigningKeys): Promise<{ jwt: string; expiresAt: string }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const jwt = await signWithCurrentKey(new SignJWT(claims).setAudience(audience).setIssuedAt(issuedAt).setExpirationTime(issuedAt + STATE_TTL_SECONDS), keys);
  return { jwt, expiresAt: new Date((issuedAt + STATE_TTL_SECONDS) * 1000).toISOString() };
}

async function verify(jwt: string, audience: string, keys: SigningKeys, now: Date): Promise<Record<string, unknown> | null> {
  try {
    return await verifyWithKeys(jwt, keys, { audience, currentDate: now });
  } catch {
    return null;
  }
}

function targetOf(claims: Record<string, unknown>, actionId: string): SignedTarget | null {
  const { usr, aut, agt, act, tgt } = claims;
  if (typeof usr !== 'string' || typeof aut !== 'string' || typeof agt !== 'string' || typeof tgt !== 'string' || act !== actionId) return null;
  return { userId: usr, author: aut, agentId: agt, actionId, target: tgt };
}

const targetClaims = (target: SignInTarget, action: StoredAction) => ({ usr: target.userId, aut: target.author, agt: target.agentId, act: target.actionId, tgt: targetDigest(action) });
const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * The link the tool answers with: the callback route with a ticket. Opened by the member's own
 * signed-in request it starts the sign-in (startSignIn); on its own it signs nobody in.
 */
export async function signInLink(action: StoredAction, target: SignInTarget, origin: string, now: Date, deps: Pick<OAuthDeps, 'signingKeys'>): Promise<{ url: string; expiresAt: string }> {
  const { jwt, expiresAt } = await sign(targetClaims(target, action), TICKET_AUDIENCE, now, await deps.signingKeys());
  return { url: `${redirectUri(origin, target.actionId)}?state=${jwt}`, expiresAt };
}

/** The action a ticket or state names, as it is now; refused when it no longer signs in with OAuth or its target changed. */
async function currentAction(target: SignedTarget, deps: Pick<OAuthDeps, 'store' | 'serverOrigin'>): Promise<{ action: StoredAction; origin: string }> {
  const action = await deps.store.getAction(target.author, target.agentId, target.actionId);
  const origin = deps.serverOrigin();
  if (!action || action.auth.type !== 'oauth' || !origin) throw new DomainError('not-found', ERROR_CODES.notFound, 'This action no longer signs in with OAuth.');
  // The code goes only to the token endpoint of the sign-in it came from.
  if (target.target !== targetDigest(action)) throw refused(CHANGED);
  return { action, origin };
}

/**
 * The member's own request with the ticket (issue 21: the state sat in the conversation, which
 * sharing shows, and anyone holding it for 10 minutes could put their own provider account
 * behind the member's tools). Answers the provider's sign-in page with a fresh state, and the
 * secret `binding` the callback wants back in a cookie of this browser; the sign-in is recorded
 * so it completes once.
 */
export async function startSignIn(
  actionId: string,
  ticket: string,
  member: { userId: string; sessionId: string },
  now: Date,
  deps: Pick<SignInDeps, 'store' | 'serverOrigin' | 'signingKeys' | 'signIns'>,
): Promise<{ url: string; expiresAt: string; binding: string }> {
  const key = await deps.signingKeys();
  const claims = await verify(ticket, TICKET_AUDIENCE, key, now);
  const target = claims ? targetOf(claims, actionId) : null;
  if (!target) throw refused(NOT_VALID);
  if (target.userId !== member.userId) throw new DomainError('forbidden', ERROR_CODES.forbidden, 'This sign-in link is for another member.');
  const { action, origin } = await currentAction(target, deps);
  const binding = randomBytes(32).toString('base64url');
  const signInId = randomBytes(16).toString('base64url');
  const { jwt, expiresAt } = await sign({ ...targetClaims(target, action), sid: member.sessionId, jti: signInId, bnd: digest(binding) }, STATE_AUDIENCE, now, key);
  await deps.signIns.putActionSignIn(member.userId, { signInId, actionId, expiresAt: Math.floor(Date.parse(expiresAt) / 1000) });
  const url = new URL(action.auth.authorization_url!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', action.auth.oauth_client_id!);
  url.searchParams.set('redirect_uri', redirectUri(origin, actionId));
  if (action.auth.scope) url.searchParams.set('scope', action.auth.scope);
  url.searchParams.set('state', jwt);
  return { url: url.href, expiresAt, binding };
}

async function openState(state: string, actionId: string, key: SigningKeys, now: Date): Promise<SignedState | null> {
  const claims = await verify(state, STATE_AUDIENCE, key, now);
  const target = claims ? targetOf(claims, actionId) : null;
  if (!claims || !target) return null;
  const { sid, jti, bnd } = claims;
  if (typeof sid !== 'string' || typeof jti !== 'string' || typeof bnd !== 'string') return null;
  return { ...target, sessionId: sid, signInId: jti, binding: bnd };
}

interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
}

/**
 * One call to the provider's token endpoint (guarded like every action call), with the client's
 * credentials in the body. Redirects are not followed: a token endpoint answers directly (RFC 6749,
 * 3.2), and a 307 or 308 would repeat the body, secret, code or refresh token and all, elsewhere.
 */
async function tokenRequest(action: StoredAction, clientSecret: string, params: Record<string, string>, limits: Limits): Promise<TokenAnswer> {
  const body = new URLSearchParams({ ...params, client_id: action.auth.oauth_client_id!, client_secret: clientSecret }).toString();
  const response = await safeFetch(action.auth.client_url!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
    allowedDomains: limits.allowedDomains,
    timeoutMs: limits.timeoutMs ?? DEFAULT_ACTION_LIMITS.timeoutMs,
    maxBytes: 100_000,
    maxRedirects: 0,
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

/**
 * The callback: the state must be one startSignIn gave this browser (its cookie's `binding`) and
 * not spent; the code becomes tokens kept for the user who signed in, while their account and the
 * session that began the sign-in still stand.
 */
export async function completeSignIn(
  actionId: string,
  query: { code?: string; state?: string; error?: string },
  binding: string | undefined,
  now: Date,
  deps: SignInDeps,
  limits: Limits,
): Promise<{ domain: string }> {
  if (query.error) throw refused(`The sign-in was not completed: ${query.error}`);
  const key = await deps.signingKeys();
  const target = query.state && query.code ? await openState(query.state, actionId, key, now) : null;
  if (!target) {
    // The tool's link opened on its own (pasted, or from a shared conversation): it starts nothing here.
    const ticket = query.state ? await verify(query.state, TICKET_AUDIENCE, key, now) : null;
    throw refused(ticket ? 'Start this sign-in from its button in your Meld conversation.' : NOT_VALID);
  }
  if (!binding || digest(binding) !== target.binding) throw refused('This sign-in was started in another browser; start it again from your Meld conversation.');
  if (!(await deps.signIns.takeActionSignIn(target.userId, target.signInId, actionId, now))) throw refused(NOT_VALID);
  const { action, origin } = await currentAction(target, deps);
  let answer: TokenAnswer;
  try {
    answer = await tokenRequest(action, await clientSecretOf(action, target.author, deps), { grant_type: 'authorization_code', code: query.code!, redirect_uri: redirectUri(origin, actionId) }, limits);
  } catch (error) {
    throw new DomainError('unprocessable', 'invalid_action_error', `Signing in to ${action.domain} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    await keepTokens(target.userId, action, answer, undefined, now, deps);
  } catch (error) {
    if (error instanceof AccountGoneError) throw refused(error.message);
    throw error;
  }
  // Written first, then checked (strongly consistent): a sign-out, a password reset or the account's
  // deletion (whose first step ends every session) that came before this read takes the tokens back.
  if (!(await deps.signIns.sessionStands(target.userId, target.sessionId))) {
    await deps.store.deleteActionToken(target.userId, actionId);
    throw refused('Your Meld session ended during this sign-in; sign in to Meld and start again.');
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
    const { url, expiresAt } = await signInLink(action, { userId, author, agentId: action.agentId, actionId: action.actionId }, origin, now, deps);
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
