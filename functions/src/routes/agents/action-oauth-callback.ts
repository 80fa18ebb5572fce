import { completeSignIn } from '../../domain/agents/actions/oauth.ts';
import { DomainError } from '../../domain/errors.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { BINDING_COOKIE, bindingCookie } from './action-oauth-cookie.ts';
import { actionLimits, signInDeps } from './agent-deps.ts';

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
 * The end of an OAuth action's sign-in (decision 0027; `startActionOAuth` starts it): the provider
 * sends the browser back, and the code becomes the member's tokens for the action, sealed.
 */
export const handler = defineHandler('actionOAuthCallback', async ({ params, query, cookies, now }) => {
  try {
    const { domain } = await completeSignIn(params.actionId, query, cookies[BINDING_COOKIE], now, signInDeps, actionLimits());
    return page(params.actionId, 200, 'Signed in', `You are signed in to ${domain}. Close this window and ask the agent again.`);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return page(params.actionId, error.kind === 'not-found' ? 404 : 400, 'Sign-in failed', error.message);
  }
});
