import { buildPath, routes } from '@meld/shared';
import { env } from '../../config/env.ts';
import { completeSignIn, startSignIn, type SignInDeps } from '../../domain/agents/actions/oauth.ts';
import { DomainError } from '../../domain/errors.ts';
import { authenticate } from '../../http/auth.ts';
import { serializeCookie } from '../../http/cookies.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { putActionSignIn, takeActionSignIn } from '../../store/agent-store.ts';
import { getSession } from '../../store/session-store.ts';
import { actionLimits, agentDeps } from './agent-deps.ts';

/** Holds the secret that ties a started sign-in to this browser; only this action's OAuth routes receive it. */
const BINDING_COOKIE = 'meld_action_oauth';
const BINDING_TTL_SECONDS = 600;

const signInDeps: SignInDeps = {
  ...agentDeps,
  signIns: { putActionSignIn, takeActionSignIn, sessionStands: async (userId, sessionId) => (await getSession(userId, sessionId)) !== undefined },
};

/** SameSite=Lax: the provider's redirect back is a top-level navigation from another site. */
function bindingCookie(actionId: string, value: string): string {
  const path = buildPath(routes.actionOAuthCallback.path, { actionId }).replace(/\/callback$/, '');
  return serializeCookie(BINDING_COOKIE, value, { maxAgeSeconds: value ? BINDING_TTL_SECONDS : 0, path, sameSite: 'Lax', httpOnly: true, secure: env.cookieSecure() });
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page the sign-in window ends on: plain text, no script, nothing to load. The binding is spent either way. */
function page(actionId: string, status: number, title: string, text: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><h1>${escape(title)}</h1><p>${escape(text)}</p></body></html>`;
  return reply(new TextEncoder().encode(html), {
    status,
    cookies: [bindingCookie(actionId, '')],
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'", 'referrer-policy': 'no-referrer' },
  });
}

/**
 * Both ends of an OAuth action's sign-in (decision 0027). With the member's bearer token and the
 * tool's ticket as `state`, the web starts it: JSON `{ url, expiresAt }`, the provider's sign-in
 * page, and a cookie tying it to this browser. Without one, it is the provider sending the browser
 * back: the code becomes the member's tokens for the action, sealed.
 */
export const handler = defineHandler('actionOAuthCallback', async ({ params, query, cookies, event, now }) => {
  if (event.headers?.authorization) {
    const member = (await authenticate({ auth: 'user', path: routes.actionOAuthCallback.path }, event))!;
    const { url, expiresAt, binding } = await startSignIn(params.actionId, query.state ?? '', member, now, signInDeps);
    return reply({ url, expiresAt }, { cookies: [bindingCookie(params.actionId, binding)], headers: { 'cache-control': 'no-store' } });
  }
  try {
    const { domain } = await completeSignIn(params.actionId, query, cookies[BINDING_COOKIE], now, signInDeps, actionLimits());
    return page(params.actionId, 200, 'Signed in', `You are signed in to ${domain}. Close this window and ask the agent again.`);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return page(params.actionId, error.kind === 'not-found' ? 404 : 400, 'Sign-in failed', error.message);
  }
});
