import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Action, Agent } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentTools } from '../../domain/agents/agent-tools.ts';
import type { ToolContext } from '../../domain/agents/tools/agent-tool.ts';
import { actionLimits, agentDeps } from '../agents/agent-deps.ts';
import { AGENT_TEST_CONFIG, agentMember, type AgentMember } from '../agents/agent-test-kit.ts';
import { indexesSettled, useApi } from '../api-test-kit.ts';

/**
 * Audit finding (issue 21, 2): an action's secrets (API key, OAuth client secret, each user's OAuth
 * tokens) reach only the exact target they were entered for. An attacker's server, a real local
 * one, records every request: whoever changes the action's domain, server, auth or token URL
 * (a collaborator, another admin, or the author without entering the secret again), nothing
 * secret ever arrives there.
 */
interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const legitCalls: Seen[] = [];
const attackerSaw: Seen[] = [];
const servers: Server[] = [];
let legit = '';
let attackerPort = 0;
const attacker = () => `http://127.0.0.1:${attackerPort}`;

/** The real API: its operation wants the admin's key or an OAuth access token; /token is its token endpoint. */
function legitServer(request: IncomingMessage, body: string, response: ServerResponse) {
  response.setHeader('content-type', 'application/json');
  if (request.url === '/token') {
    const form = new URLSearchParams(body);
    if (form.get('client_secret') !== 'client-secret-1') return void response.writeHead(401).end('{"error":"invalid_client"}');
    if (form.get('code') === 'good-code') return void response.end(JSON.stringify({ access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 3600 }));
    return void response.writeHead(400).end('{"error":"invalid_grant"}');
  }
  legitCalls.push({ url: request.url ?? '', headers: request.headers, body });
  const auth = request.headers.authorization ?? '';
  if (auth !== 'Bearer admin-key-1' && auth !== 'Bearer access-1') return void response.writeHead(401).end('{"error":"bad key"}');
  response.end('{"quote":"ok"}');
}

async function listen(handle: typeof legitServer): Promise<number> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => handle(request, body, response));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  legit = `http://127.0.0.1:${await listen(legitServer)}`;
  attackerPort = await listen((request, body, response) => {
    attackerSaw.push({ url: request.url ?? '', headers: request.headers, body });
    response.setHeader('content-type', 'application/json');
    response.end(request.url === '/token' ? '{"access_token":"attacker-token"}' : '{"quote":"captured"}');
  });
});
afterAll(() => Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))));

const api = useApi({ config: { ...AGENT_TEST_CONFIG, serverDomain: 'meld.example.com', actions: { allowedDomains: ['127.0.0.1', 'localhost'] } } });

const spec = (server: string, summary = 'A quote') =>
  JSON.stringify({ openapi: '3.0.3', servers: [{ url: server }], paths: { '/quotes': { get: { operationId: 'getQuote', summary } } } });
const domainOf = (server: string) => new URL(server).hostname;
const bearer = (api_key?: string) => ({ type: 'service_http', authorization_type: 'bearer', ...(api_key ? { api_key } : {}) });
const oauth = (overrides: object = {}) => ({
  type: 'oauth',
  authorization_url: 'https://accounts.example.com/authorize',
  client_url: `${legit}/token`,
  oauth_client_id: 'meld-client',
  ...overrides,
});
const context = (userId: string): ToolContext => ({ userId, conversationId: 'c', messageId: 'm', toolCallId: 't', fileIds: [], signal: new AbortController().signal, now: new Date() });

async function saveAction(member: AgentMember, agentId: string, server: string, auth: object, actionId?: string) {
  return member.call<{ agent: Agent; action: Action } & { message?: string; field?: string }>('POST', `/api/agents/actions/${agentId}`, {
    ...(actionId ? { action_id: actionId } : {}),
    metadata: { domain: domainOf(server), raw_spec: spec(server), auth },
  });
}

/** A globally shared, collaborative agent of an admin, with one action, and a member and another admin who may edit it. */
async function sharedAgent(auth: object) {
  const author = await agentMember(api().client(), 'ADMIN');
  const agent = await author.createAgent({ name: 'Team quotes', projectIds: ['global'], isCollaborative: true });
  const saved = await saveAction(author, agent.id, legit, auth);
  expect(saved.status).toBe(200);
  // Others come to a shared agent through the shared indexes, which in AWS have it within a second.
  await indexesSettled();
  return { author, agent, actionId: saved.json.action.action_id, member: await agentMember(api().client()), otherAdmin: await agentMember(api().client(), 'ADMIN') };
}

/** Runs the agent's one tool as the given user, the way the agent chat does. */
async function runTool(member: AgentMember, agentId: string) {
  const agent = (await member.call<Agent>('GET', `/api/agents/${agentId}`)).json;
  const [tool] = await agentTools(agent, agentDeps, actionLimits());
  return tool!.run({}, context(member.userId));
}

const attackerGot = (secret: string) => attackerSaw.some((seen) => JSON.stringify(seen).includes(secret));

describe("an action's API key stays with its target", () => {
  it('a collaborator or another admin cannot change where the key goes, how it is sent, or swap it; they may still edit the document', async () => {
    const { agent, actionId, member, otherAdmin } = await sharedAgent(bearer('admin-key-1'));
    const attempts = [
      { server: attacker().replace('127.0.0.1', 'localhost'), auth: bearer() }, // the audit's attack: another domain and server
      { server: attacker(), auth: bearer() }, // same domain, another server
      { server: `${legit}/v2`, auth: bearer() }, // same host, another base path
      { server: legit, auth: { type: 'service_http', authorization_type: 'custom', custom_auth_header: 'X-Forward-To' } },
      { server: legit, auth: bearer('member-key') }, // their own key in place of the author's
    ];
    for (const editor of [member, otherAdmin]) {
      for (const { server, auth } of attempts) {
        const answer = await saveAction(editor, agent.id, server, auth, actionId);
        expect(answer.status).toBe(403);
        expect(answer.json.message).toBe("Only the agent's author can change an action's server, domain or authentication");
      }
    }
    const edited = await member.call<{ action: Action }>('POST', `/api/agents/actions/${agent.id}`, {
      action_id: actionId,
      metadata: { domain: '127.0.0.1', raw_spec: spec(legit, 'A better summary'), auth: bearer() },
    });
    expect(edited.status).toBe(200);
    expect(edited.json.action.metadata.auth.api_key_set).toBe(true);

    expect(JSON.parse((await runTool(member, agent.id)).output)).toEqual({ quote: 'ok' });
    expect(legitCalls.at(-1)!.headers.authorization).toBe('Bearer admin-key-1');
    expect(attackerGot('admin-key-1')).toBe(false);
  });

  it('the author changing the target must enter the key again; saved without it, the old key is never sent there', async () => {
    const { author, agent, actionId, member } = await sharedAgent(bearer('admin-key-1'));
    for (const server of [attacker(), attacker().replace('127.0.0.1', 'localhost'), `${legit}/v2`]) {
      const refused = await saveAction(author, agent.id, server, bearer(), actionId);
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ field: 'metadata.auth.api_key', message: 'Enter the API key again: a saved one is only sent to the server and sign-in it was entered for' });
    }
    // Through "no auth" and back: the key is gone, not parked.
    expect((await saveAction(author, agent.id, attacker(), { type: 'none' }, actionId)).status).toBe(200);
    expect((await saveAction(author, agent.id, attacker(), bearer(), actionId)).json).toMatchObject({ field: 'metadata.auth.api_key', message: 'Enter the API key' });
    expect((await saveAction(author, agent.id, legit, bearer(), actionId)).json).toMatchObject({ field: 'metadata.auth.api_key' });

    // With the key entered again, the new target gets the new key and only that.
    expect((await saveAction(author, agent.id, attacker(), bearer('key-for-the-new-server'), actionId)).status).toBe(200);
    await runTool(member, agent.id);
    expect(attackerSaw.at(-1)!.headers.authorization).toBe('Bearer key-for-the-new-server');
    expect(attackerGot('admin-key-1')).toBe(false);
  });

  it('a key copied onto another target does not open, and no credentials go to a URL outside their server, whatever the stored action says', async () => {
    const { author, agent, actionId, member } = await sharedAgent(bearer('admin-key-1'));
    const stored = (await agentDeps.store.getAction(author.userId, agent.id, actionId))!;
    // A code path that forgot the rule and kept the sealed key while moving the action:
    await agentDeps.store.putAction(author.userId, { ...stored, domain: 'localhost', server: attacker(), operations: stored.operations.map((operation) => ({ ...operation, urlTemplate: `${attacker()}/quotes` })) });
    expect((await runTool(member, agent.id)).output).toBe("error processing tool getQuote_action_127---0---0---1: the action's API key can no longer be read; the agent's author must enter it again");
    // Operations that leave the server the key was sealed for:
    await agentDeps.store.putAction(author.userId, { ...stored, operations: stored.operations.map((operation) => ({ ...operation, urlTemplate: `${attacker()}/quotes` })) });
    expect((await runTool(member, agent.id)).output).toBe(`error processing tool getQuote_action_127---0---0---1: ${attacker()}/quotes is outside the server the action's credentials were entered for`);
    expect(attackerGot('admin-key-1')).toBe(false);
  });
});

/** The member's browser starts the sign-in from the tool's link (decision 0027): the state the provider gets, and the cookie kept in that browser. */
async function providerState(member: AgentMember, link: string): Promise<string> {
  const url = new URL(link);
  const started = await member.call<{ url: string }>('POST', url.pathname.replace(/\/callback$/, '/start'), { state: url.searchParams.get('state') });
  expect(started.status).toBe(200);
  return new URL(started.json.url).searchParams.get('state')!;
}

describe("an OAuth action's client secret and users' tokens stay with their target", () => {
  async function signedIn() {
    const shared = await sharedAgent(oauth({ oauth_client_secret: 'client-secret-1' }));
    const first = await runTool(shared.member, shared.agent.id);
    const state = await providerState(shared.member, first.auth!.url);
    const callback = await shared.member.call('GET', `/api/actions/${shared.actionId}/oauth/callback?code=good-code&state=${state}`);
    expect(callback.status).toBe(200);
    expect(JSON.parse((await runTool(shared.member, shared.agent.id)).output)).toEqual({ quote: 'ok' });
    expect(legitCalls.at(-1)!.headers.authorization).toBe('Bearer access-1');
    return shared;
  }

  it('a collaborator cannot move the token URL or the sign-in page; the author must enter the client secret again to', async () => {
    const { author, agent, actionId, member, otherAdmin } = await signedIn();
    for (const editor of [member, otherAdmin]) {
      expect((await saveAction(editor, agent.id, legit, oauth({ client_url: `${attacker()}/token` }), actionId)).status).toBe(403);
      expect((await saveAction(editor, agent.id, legit, oauth({ authorization_url: `${attacker()}/authorize` }), actionId)).status).toBe(403);
    }
    const refused = await saveAction(author, agent.id, legit, oauth({ client_url: `${attacker()}/token` }), actionId);
    expect(refused.json).toMatchObject({ field: 'metadata.auth.oauth_client_secret', message: 'Enter the client secret again: a saved one is only sent to the server and sign-in it was entered for' });
    expect(JSON.parse((await runTool(member, agent.id)).output)).toEqual({ quote: 'ok' });
    expect(attackerGot('client-secret-1')).toBe(false);
  });

  it("users' tokens are not sent to a changed server, even when the author re-enters the client secret", async () => {
    const { author, agent, actionId, member } = await signedIn();
    expect((await saveAction(author, agent.id, attacker(), oauth({ oauth_client_secret: 'client-secret-2' }), actionId)).status).toBe(200);
    const answer = await runTool(member, agent.id);
    expect(answer.output).toMatch(new RegExp(`expired access token: the user must sign in at https://[^/]+/api/actions/${actionId}/oauth/callback\\?state=`));
    expect(attackerGot('access-1')).toBe(false);
    expect(attackerGot('refresh-1')).toBe(false);
    expect(attackerGot('client-secret-1')).toBe(false);
  });

  it('a sign-in begun before the token URL changed cannot hand its code to the new token URL', async () => {
    const { author, agent, actionId, member } = await sharedAgent(oauth({ oauth_client_secret: 'client-secret-1' }));
    const state = await providerState(member, (await runTool(member, agent.id)).auth!.url);
    expect((await saveAction(author, agent.id, legit, oauth({ client_url: `${attacker()}/token`, oauth_client_secret: 'client-secret-2' }), actionId)).status).toBe(200);
    const callback = await member.call('GET', `/api/actions/${actionId}/oauth/callback?code=code-for-the-real-provider&state=${state}`);
    expect(callback.status).toBe(400);
    expect(callback.text).toContain('The action changed since this sign-in began; ask the agent again for a new link.');
    expect(attackerGot('code-for-the-real-provider')).toBe(false);
  });
});
