import { startSignIn } from '../../domain/agents/actions/oauth.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { bindingCookie } from './action-oauth-cookie.ts';
import { signInDeps } from './agent-deps.ts';

/**
 * Starts an OAuth action's sign-in for the signed-in member the tool call's ticket names (decision
 * 0027): the provider's page with a fresh state, and a cookie tying the sign-in to this browser, so
 * the ticket in a shared conversation signs nobody else in.
 */
export const handler = defineHandler('startActionOAuth', async ({ auth, params, body, now }) => {
  const { url, expiresAt, binding } = await startSignIn(params.actionId, body.state, auth, now, signInDeps);
  return reply({ url, expiresAt }, { cookies: [bindingCookie(params.actionId, binding)], headers: { 'cache-control': 'no-store' } });
});
