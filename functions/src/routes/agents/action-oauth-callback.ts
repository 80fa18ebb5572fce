import { completeSignIn } from '../../domain/agents/actions/oauth.ts';
import { DomainError } from '../../domain/errors.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { actionLimits, agentDeps } from './agent-deps.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page the sign-in window ends on: plain text, no script, nothing to load. */
function page(status: number, title: string, text: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><h1>${escape(title)}</h1><p>${escape(text)}</p></body></html>`;
  return reply(new TextEncoder().encode(html), {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'", 'referrer-policy': 'no-referrer' },
  });
}

/** Where an OAuth provider sends the user back: the code becomes the user's tokens for the action, sealed. */
export const handler = defineHandler('actionOAuthCallback', async ({ params, query, now }) => {
  try {
    const { domain } = await completeSignIn(params.actionId, query, now, agentDeps, actionLimits());
    return page(200, 'Signed in', `You are signed in to ${domain}. Close this window and ask the agent again.`);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return page(error.kind === 'not-found' ? 404 : 400, 'Sign-in failed', error.message);
  }
});
