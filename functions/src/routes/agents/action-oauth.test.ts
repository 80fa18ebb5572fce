import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Action, Agent } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentTools } from '../../domain/agents/agent-tools.ts';
import type { ToolContext } from '../../domain/agents/tools/agent-tool.ts';
import { AccountGoneError, getActionToken, putActionToken, type StoredActionToken } from '../../store/agent-store.ts';
import { useApi, type ApiClient } from '../api-test-kit.ts';
import { actionLimits, agentDeps } from './agent-deps.ts';
import { AGENT_TEST_CONFIG, agentMember, type AgentMember } from './agent-test-kit.ts';

/** A provider the test runs: an OAuth token endpoint and one API operation that wants its bearer token. */
const tokenRequests: URLSearchParams[] = [];
const apiTokens: string[] = [];
const revoked = new Set<string>();
let server: Server;
let origin = '';
/** Another origin, posing as a token endpoint, that the provider's /token-moved redirects to (307). */
const reachedElsewhere: string[] = [];
let elsewhere: Server;
let elsewhereOrigin = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/token-moved') return void response.writeHead(307, { location: `${elsewhereOrigin}/token` }).end();
      if (request.url === '/token') {
        const form = new URLSearchParams(body);
        tokenRequests.push(form);
        if (form.get('client_secret') !== 'client-secret-1') return void response.writeHead(401).end('{"error":"invalid_client"}');
        if (form.get('grant_type') === 'authorization_code' && form.get('code') === 'good-code') {
          return void response.end(JSON.stringify({ access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 60, token_type: 'Bearer' }));
        }
        if (form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === 'refresh-1') return void response.end(JSON.stringify({ access_token: 'access-2', expires_in: 3600 }));
        return void response.writeHead(400).end('{"error":"invalid_grant"}');
      }
      const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      apiTokens.push(token);
      if (!token.startsWith('access-') || revoked.has(token)) return void response.writeHead(401).end('{"error":"unauthorised"}');
      response.end(JSON.stringify({ calendar: 'free at noon' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  elsewhere = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      reachedElsewhere.push(body);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ access_token: 'access-elsewhere', expires_in: 60 }));
    });
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereOrigin = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
});

const api = useApi({ config: { ...AGENT_TEST_CONFIG, serverDomain: 'meld.example.com', actions: { allowedDomains: ['127.0.0.1'] } } });

const spec = () => JSON.stringify({ openapi: '3.0.3', servers: [{ url: origin }], paths: { '/calendar': { get: { operationId: 'getCalendar' } } } });
const oauth = (overrides: object = {}) => ({
  type: 'oauth',
  authorization_url: 'https://accounts.example.com/authorize',
  client_url: `${origin}/token`,
  scope: 'calendar.read',
  oauth_client_id: 'meld-client',
  oauth_client_secret: 'client-secret-1',
  ...overrides,
});
const context = (userId: string, now = new Date()): ToolContext => ({ userId, conversationId: 'c', messageId: 'm', toolCallId: 't', fileIds: [], signal: new AbortController().signal, now });

/** A member and their browser (one client: one cookie jar). */
async function memberInBrowser() {
  const browser = api().client();
  return { browser, member: await agentMember(browser) };
}

async function oauthAgent(auth: object = {}) {
  const { browser, member: maya } = await memberInBrowser();
  const agent = await maya.createAgent({ name: 'Calendar' });
  const saved = await maya.call<{ agent: Agent; action: Action }>('POST', `/api/agents/actions/${agent.id}`, { metadata: { domain: '127.0.0.1', raw_spec: spec(), auth: oauth(auth) } });
  expect(saved.status).toBe(200);
  const [tool] = await agentTools(saved.json.agent, agentDeps, actionLimits());
  return { maya, browser, agent: saved.json.agent, action: saved.json.action, tool: tool! };
}

const pathOf = (url: string) => {
  const { pathname, search } = new URL(url);
  return pathname + search;
};

/** The web's request with the tool call's link: the member's own (their bearer token, their browser) to start the sign-in with its ticket. */
const openLink = <T = { url: string; expiresAt: string }>(browser: ApiClient, member: AgentMember, link: string) => {
  const url = new URL(link);
  const start = url.pathname.replace(/\/callback$/, '/start');
  return browser.request<T>('POST', start, { headers: { authorization: `Bearer ${member.token}` }, json: { state: url.searchParams.get('state') ?? '' } });
};

/** The sign-in the web starts: the provider's page and the cookie that ties it to this browser. */
async function startSignIn(browser: ApiClient, member: AgentMember, link: string) {
  const started = await openLink(browser, member, link);
  expect(started.status).toBe(200);
  return { ...started, providerUrl: new URL(started.json.url) };
}

/** The provider sending a browser back with a code for the state it carried. */
const providerRedirect = (browser: ApiClient, actionId: string, state: string, code = 'good-code', headers?: Record<string, string>) =>
  browser.request('GET', `/api/actions/${actionId}/oauth/callback?code=${code}&state=${state}`, headers ? { headers } : {});

describe('OAuth actions', () => {
  it('asks the user to sign in, keeps the tokens the callback gets, calls with them and refreshes them when they expire', async () => {
    const { maya, browser, action, tool } = await oauthAgent();
    expect(action.metadata.auth).toEqual({
      type: 'oauth',
      authorization_url: 'https://accounts.example.com/authorize',
      client_url: `${origin}/token`,
      scope: 'calendar.read',
      oauth_client_id: 'meld-client',
      oauth_client_secret_set: true,
    });

    // The tool's link leads to Meld, not to the provider: it holds no state the provider would carry.
    const first = await tool.run({}, context(maya.userId));
    const callbackUrl = `https://meld.example.com/api/actions/${action.action_id}/oauth/callback`;
    expect(first.auth!.url.startsWith(`${callbackUrl}?state=`)).toBe(true);
    expect(first.output).toBe(`error processing tool getCalendar_action_127---0---0---1: no access token: the user must sign in at ${first.auth!.url}`);

    // Maya's browser starts it: the provider's page with a fresh state, and a cookie only this action's callback receives.
    const started = await startSignIn(browser, maya, first.auth!.url);
    const signIn = started.providerUrl;
    expect(signIn.origin + signIn.pathname).toBe('https://accounts.example.com/authorize');
    expect(Object.fromEntries([...signIn.searchParams].filter(([name]) => name !== 'state'))).toEqual({ response_type: 'code', client_id: 'meld-client', redirect_uri: callbackUrl, scope: 'calendar.read' });
    expect(signIn.searchParams.get('state')).not.toBe(new URL(first.auth!.url).searchParams.get('state'));
    expect(started.setCookies).toEqual([expect.stringMatching(new RegExp(`^meld_action_oauth=[\\w-]{43}; Max-Age=600; Path=/api/actions/${action.action_id}/oauth; SameSite=Lax; HttpOnly`))]);
    expect(started.headers.get('cache-control')).toBe('no-store');

    const callback = await providerRedirect(browser, action.action_id, signIn.searchParams.get('state')!);
    expect(callback.status).toBe(200);
    expect(callback.headers.get('content-type')).toContain('text/html');
    expect(callback.text).toContain('You are signed in to 127.0.0.1.');
    expect(callback.setCookies).toEqual([expect.stringMatching(/^meld_action_oauth=; Max-Age=0;/)]);
    expect(Object.fromEntries(tokenRequests.at(-1)!)).toMatchObject({ grant_type: 'authorization_code', code: 'good-code', client_id: 'meld-client', redirect_uri: callbackUrl });

    expect(JSON.parse((await tool.run({}, context(maya.userId))).output)).toEqual({ calendar: 'free at noon' });
    expect(apiTokens.at(-1)).toBe('access-1');

    // Past the access token's 60 s: the refresh token gets a new one.
    const later = new Date(Date.now() + 120_000);
    expect(JSON.parse((await tool.run({}, context(maya.userId, later))).output)).toEqual({ calendar: 'free at noon' });
    expect(apiTokens.at(-1)).toBe('access-2');
    expect(Object.fromEntries(tokenRequests.at(-1)!)).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'refresh-1' });

    // Revoked at the provider: the API refuses the token, and the next call asks to sign in again.
    revoked.add('access-2');
    expect((await tool.run({}, context(maya.userId, later))).output).toBe('error processing tool getCalendar_action_127---0---0---1: the server answered 401: {"error":"unauthorised"}');
    expect((await tool.run({}, context(maya.userId, later))).output).toContain('no access token: the user must sign in at');
  });

  it("keeps each user's sign-in their own", async () => {
    const { tool } = await oauthAgent();
    const james = await agentMember(api().client());
    expect((await tool.run({}, context(james.userId))).output).toContain('no access token: the user must sign in at');
  });

  it('refuses a forged or crossed state, a provider error, and a code the provider does not take', async () => {
    const { maya, browser, action, tool } = await oauthAgent();
    const forged = await providerRedirect(browser, action.action_id, 'eyJhbGciOiJIUzI1NiJ9.e30.bad');
    expect(forged.status).toBe(400);
    expect(forged.text).toContain('This sign-in link is not valid or has expired');
    const link = (await tool.run({}, context(maya.userId))).auth!.url;
    const other = await oauthAgent();
    expect((await other.maya.call('GET', pathOf(link).replace(action.action_id, other.action.action_id))).status).toBe(400);
    const state = (await startSignIn(browser, maya, link)).providerUrl.searchParams.get('state')!;
    expect((await providerRedirect(browser, other.action.action_id, state)).status).toBe(400);
    const refused = await browser.request('GET', `/api/actions/${action.action_id}/oauth/callback?error=access_denied`);
    expect(refused.text).toContain('The sign-in was not completed: access_denied');
    const again = await startSignIn(browser, maya, link);
    const badCode = await providerRedirect(browser, action.action_id, again.providerUrl.searchParams.get('state')!, 'stale');
    expect(badCode.status).toBe(400);
    expect(badCode.text).toContain('Signing in to 127.0.0.1 failed: the token endpoint answered 400');
    expect((await tool.run({}, context(maya.userId))).output).toContain('no access token');
  });

  it('writes no tokens for an account deleted while its sign-in was open', async () => {
    // Vera uses Maya's agent, gets its sign-in link, then deletes her account; the link still reaches the callback.
    const { action, tool } = await oauthAgent();
    const { browser, member: vera } = await memberInBrowser();
    const state = (await startSignIn(browser, vera, (await tool.run({}, context(vera.userId))).auth!.url)).providerUrl.searchParams.get('state')!;
    const { json: me } = await vera.call<{ email: string }>('GET', '/api/user');
    expect((await vera.call('DELETE', '/api/user/delete', { email: me.email })).status).toBe(200);

    const callback = await providerRedirect(browser, action.action_id, state);
    expect(callback.status).toBe(400);
    // The account is gone at once; its pending sign-in item goes with the background purge (decision 0034), before or after this.
    expect(callback.text).toMatch(/This account no longer exists|This sign-in link is not valid or has expired/);
    expect(await getActionToken(vera.userId, action.action_id)).toBeUndefined();
  });

  it('takes back a token written as its account was being deleted', async () => {
    // The profile is gone by the time the write checks it: what was written is deleted again.
    const sealed = { v: 1, kid: 'k', iv: 'iv', tag: 'tag', ct: 'ct' } as unknown as StoredActionToken['accessToken'];
    await expect(putActionToken('no-such-member', { actionId: 'act_gone', accessToken: sealed, updatedAt: new Date().toISOString() })).rejects.toThrow(AccountGoneError);
    expect(await getActionToken('no-such-member', 'act_gone')).toBeUndefined();
  });

  it("signs nobody in through a link taken from the member's conversation (issue 21: login CSRF)", async () => {
    const { maya, browser, action, tool } = await oauthAgent();
    const link = (await tool.run({}, context(maya.userId))).auth!.url;
    const { browser: theirs, member: james } = await memberInBrowser();
    const exchanges = tokenRequests.length;

    // Before: the link's state, carried through the provider by James's own sign-in, put his tokens behind Maya's tools.
    const ticket = new URL(link).searchParams.get('state')!;
    const carried = await providerRedirect(theirs, action.action_id, ticket);
    expect(carried.status).toBe(400);
    expect(carried.text).toContain('Start this sign-in from its button in your Meld conversation.');
    // Opened without a session, or by another member, it starts nothing.
    expect((await api().client().request('GET', pathOf(link))).status).toBe(400);
    const taken = await openLink<{ message: string }>(theirs, james, link);
    expect(taken.status).toBe(403);
    expect(taken.json.message).toBe('This sign-in link is for another member.');
    expect(taken.setCookies).toEqual([]);
    // Maya's own started state, in a browser that did not start it.
    const state = (await startSignIn(browser, maya, link)).providerUrl.searchParams.get('state')!;
    const elsewhere = await providerRedirect(theirs, action.action_id, state);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.text).toContain('This sign-in was started in another browser');
    expect(await getActionToken(maya.userId, action.action_id)).toBeUndefined();
    expect(tokenRequests.length).toBe(exchanges);
  });

  it('spends a sign-in once', async () => {
    const { maya, browser, action, tool } = await oauthAgent();
    const started = await startSignIn(browser, maya, (await tool.run({}, context(maya.userId))).auth!.url);
    const cookie = started.setCookies[0]!.split(';')[0]!;
    const state = started.providerUrl.searchParams.get('state')!;
    expect((await providerRedirect(browser, action.action_id, state)).status).toBe(200);
    const exchanges = tokenRequests.length;
    // Replayed, even with the browser's cookie: before, the state worked again for its 10 minutes.
    const replay = await providerRedirect(browser, action.action_id, state, 'good-code', { cookie });
    expect(replay.status).toBe(400);
    expect(replay.text).toContain('This sign-in link is not valid or has expired');
    expect(tokenRequests.length).toBe(exchanges);
  });

  it('keeps no tokens when the session that began the sign-in ended before it completed', async () => {
    const { maya, browser, action, tool } = await oauthAgent();
    const state = (await startSignIn(browser, maya, (await tool.run({}, context(maya.userId))).auth!.url)).providerUrl.searchParams.get('state')!;
    expect((await browser.request('POST', '/api/auth/logout')).status).toBeLessThan(300);
    const callback = await providerRedirect(browser, action.action_id, state);
    expect(callback.status).toBe(400);
    expect(callback.text).toContain('Your Meld session ended during this sign-in');
    expect(await getActionToken(maya.userId, action.action_id)).toBeUndefined();
  });

  it('sends the client secret and the code to no other origin when the token endpoint redirects', async () => {
    // Before: the 307 was followed with the same body, and the other origin's token was kept.
    const { maya, browser, action, tool } = await oauthAgent({ client_url: `${origin}/token-moved` });
    const state = (await startSignIn(browser, maya, (await tool.run({}, context(maya.userId))).auth!.url)).providerUrl.searchParams.get('state')!;
    const callback = await providerRedirect(browser, action.action_id, state);
    expect(callback.status).toBe(400);
    expect(callback.text).toContain('Signing in to 127.0.0.1 failed: The server answered 307 (a redirect), which this request does not follow');
    expect(reachedElsewhere).toEqual([]);
    expect(await getActionToken(maya.userId, action.action_id)).toBeUndefined();
  });

  it('needs a client secret on the first save and keeps it on the next', async () => {
    const maya = await agentMember(api().client());
    const agent = await maya.createAgent();
    const missing = await maya.call('POST', `/api/agents/actions/${agent.id}`, { metadata: { domain: '127.0.0.1', raw_spec: spec(), auth: oauth({ oauth_client_secret: undefined }) } });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ field: 'metadata.auth.oauth_client_secret', message: 'Enter the client secret' });
    const first = await maya.call<{ action: Action }>('POST', `/api/agents/actions/${agent.id}`, { metadata: { domain: '127.0.0.1', raw_spec: spec(), auth: oauth() } });
    const again = await maya.call<{ action: Action }>('POST', `/api/agents/actions/${agent.id}`, {
      action_id: first.json.action.action_id,
      metadata: { domain: '127.0.0.1', raw_spec: spec(), auth: oauth({ oauth_client_secret: undefined, scope: 'calendar.write' }) },
    });
    expect(again.json.action.metadata.auth).toMatchObject({ scope: 'calendar.write', oauth_client_secret_set: true });
    expect(again.text).not.toContain('client-secret-1');
  });
});
