import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Action, Agent } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentTools } from '../../domain/agents/agent-tools.ts';
import type { ToolContext } from '../../domain/agents/tools/agent-tool.ts';
import { useApi } from '../api-test-kit.ts';
import { actionLimits, agentDeps } from './agent-deps.ts';
import { AGENT_TEST_CONFIG, agentMember } from './agent-test-kit.ts';

/** A small API the test runs: it serves its own OpenAPI document and one operation, and records the calls. */
const calls: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];
let server: Server;
let port = 0;
const spec = () => `
openapi: 3.0.3
info: { title: Quotes, version: '1' }
servers:
  - url: http://127.0.0.1:${port}/api
paths:
  /quotes/{author}:
    get:
      operationId: getQuote
      summary: A quote by an author
      parameters:
        - { name: author, in: path, required: true, schema: { type: string } }
        - { name: lang, in: query, schema: { type: string } }
  /quotes:
    post:
      operationId: addQuote
      requestBody:
        content:
          application/json:
            schema: { type: object, properties: { text: { type: string } }, required: [text] }
`;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/openapi.yaml') return void response.end(spec());
      calls.push({ url: request.url ?? '', headers: request.headers, body });
      if (request.headers['x-api-key'] !== 'quote-key-123') {
        response.writeHead(401, { 'content-type': 'application/json' });
        return void response.end('{"error":"bad key"}');
      }
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ quote: 'Nothing will work unless you do.', path: request.url }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const api = useApi({ config: { ...AGENT_TEST_CONFIG, actions: { allowedDomains: ['127.0.0.1'] } } });

const context = (): ToolContext => ({ userId: 'u', conversationId: 'c', messageId: 'm', toolCallId: 't', fileIds: [], signal: new AbortController().signal, now: new Date() });
const actionBody = (raw_spec: string, auth: object = { type: 'service_http', authorization_type: 'custom', custom_auth_header: 'X-Api-Key', api_key: 'quote-key-123' }) => ({
  metadata: { domain: '127.0.0.1', raw_spec, auth },
});

describe('agent actions against a local OpenAPI server', () => {
  it('adds the action from the served document, never shows the key, and its tool calls the server with the key header', async () => {
    const maya = await agentMember(api().client());
    const agent = await maya.createAgent({ name: 'Quote finder' });
    const document = await (await fetch(`http://127.0.0.1:${port}/openapi.yaml`)).text();
    const saved = await maya.call<{ agent: Agent; action: Action }>('POST', `/api/agents/actions/${agent.id}`, actionBody(document));
    expect(saved.status).toBe(200);
    const { action } = saved.json;
    expect(action.metadata.tools).toEqual(['getQuote_action_127---0---0---1', 'addQuote_action_127---0---0---1']);
    expect(action.metadata.auth).toEqual({ type: 'service_http', authorization_type: 'custom', custom_auth_header: 'X-Api-Key', api_key_set: true });
    expect(saved.json.agent.actions).toEqual([action.action_id]);
    expect(saved.text).not.toContain('quote-key-123');
    const listed = await maya.call<Action[]>('GET', '/api/agents/actions');
    expect(listed.json).toEqual([action]);

    const loaded = await maya.call<Agent>('GET', `/api/agents/${agent.id}`);
    const tools = await agentTools(loaded.json, agentDeps, actionLimits());
    const getQuote = tools.find((tool) => tool.name === 'getQuote_action_127---0---0---1')!;
    expect(getQuote.parameters.required).toEqual(['author']);
    const result = await getQuote.run({ author: 'Maya Angelou', lang: 'en' }, context());
    expect(JSON.parse(result.output)).toEqual({ quote: 'Nothing will work unless you do.', path: '/api/quotes/Maya%20Angelou?lang=en' });
    expect(calls.at(-1)!.headers['x-api-key']).toBe('quote-key-123');

    const addQuote = tools.find((tool) => tool.name === 'addQuote_action_127---0---0---1')!;
    await addQuote.run({ text: 'Be a rainbow.' }, context());
    expect(calls.at(-1)).toMatchObject({ url: '/api/quotes', body: '{"text":"Be a rainbow."}' });
    expect(calls.at(-1)!.headers['content-type']).toBe('application/json');
  });

  it('keeps the stored key when the action is saved again without one, and a copy of the agent asks for it again', async () => {
    const maya = await agentMember(api().client());
    const agent = await maya.createAgent();
    const first = await maya.call<{ action: Action }>('POST', `/api/agents/actions/${agent.id}`, actionBody(spec()));
    const again = await maya.call<{ agent: Agent; action: Action }>('POST', `/api/agents/actions/${agent.id}`, {
      action_id: first.json.action.action_id,
      ...actionBody(spec(), { type: 'service_http', authorization_type: 'custom', custom_auth_header: 'X-Api-Key' }),
    });
    expect(again.json.action.metadata.auth.api_key_set).toBe(true);
    const tools = await agentTools(again.json.agent, agentDeps, actionLimits());
    expect(JSON.parse((await tools[0]!.run({ author: 'Rumi' }, context())).output).quote).toBeDefined();

    const copy = await maya.call<Agent>('POST', `/api/agents/${agent.id}/duplicate`);
    expect(copy.json.actions).toHaveLength(1);
    expect(copy.json.actions[0]).not.toBe(first.json.action.action_id);
    const copyActions = (await maya.call<Action[]>('GET', '/api/agents/actions')).json.filter((action) => action.agent_id === copy.json.id);
    expect(copyActions[0]!.metadata.auth.api_key_set).toBe(false);
    const copyTools = await agentTools(copy.json, agentDeps, actionLimits());
    expect((await copyTools[0]!.run({ author: 'Rumi' }, context())).output).toBe(
      "error processing tool getQuote_action_127---0---0---1: the action has no API key; the agent's author must enter it",
    );
  });

  it("answers the model with error text when the server refuses, and deletes the action from the agent", async () => {
    const maya = await agentMember(api().client());
    const agent = await maya.createAgent();
    const saved = await maya.call<{ agent: Agent; action: Action }>('POST', `/api/agents/actions/${agent.id}`, actionBody(spec(), { type: 'service_http', authorization_type: 'bearer', api_key: 'wrong' }));
    const tools = await agentTools(saved.json.agent, agentDeps, actionLimits());
    expect((await tools[0]!.run({ author: 'Rumi' }, context())).output).toBe('error processing tool getQuote_action_127---0---0---1: the server answered 401: {"error":"bad key"}');
    expect(calls.at(-1)!.headers.authorization).toBe('Bearer wrong');

    const deleted = await maya.call<Agent>('DELETE', `/api/agents/actions/${agent.id}/${saved.json.action.action_id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json.actions).toEqual([]);
    expect(await agentTools(deleted.json, agentDeps, actionLimits())).toEqual([]);
    expect((await maya.call('DELETE', `/api/agents/actions/${agent.id}/${saved.json.action.action_id}`)).status).toBe(404);
  });

  it('refuses a document that is not OpenAPI 3, a domain that is not its server, a missing key, OAuth without the server address, and actions on agents the user cannot change', async () => {
    const maya = await agentMember(api().client());
    const agent = await maya.createAgent();
    const swagger = await maya.call('POST', `/api/agents/actions/${agent.id}`, actionBody('{"swagger":"2.0","paths":{}}'));
    expect(swagger.status).toBe(400);
    expect(swagger.json).toMatchObject({ code: 'invalid_action_error', field: 'metadata.raw_spec' });
    const otherDomain = await maya.call('POST', `/api/agents/actions/${agent.id}`, { metadata: { domain: 'api.example.com', raw_spec: spec() } });
    expect(otherDomain.json.message).toBe(`The action's domain api.example.com is not the document's server host 127.0.0.1`);
    const noKey = await maya.call('POST', `/api/agents/actions/${agent.id}`, actionBody(spec(), { type: 'service_http', authorization_type: 'bearer' }));
    expect(noKey.json).toMatchObject({ field: 'metadata.auth.api_key', message: 'Enter the API key' });
    const oauthWithoutDomain = await maya.call('POST', `/api/agents/actions/${agent.id}`, {
      metadata: { domain: '127.0.0.1', raw_spec: spec(), auth: { type: 'oauth', authorization_url: 'https://a.example.com/auth', client_url: 'https://a.example.com/token', oauth_client_id: 'id', oauth_client_secret: 'secret' } },
    });
    expect(oauthWithoutDomain.json.message).toBe("OAuth actions need the server's address (serverDomain) in the configuration");

    const james = await agentMember(api().client());
    expect((await james.call('POST', `/api/agents/actions/${agent.id}`, actionBody(spec()))).status).toBe(404);
    expect((await james.call<Action[]>('GET', '/api/agents/actions')).json).toEqual([]);
  });
});

describe('actions without the operator allowing the host', () => {
  it('the tool refuses to call an internal address and says so to the model', async () => {
    const maya = await agentMember(api().client());
    const agent = await maya.createAgent();
    const saved = await maya.call<{ agent: Agent }>('POST', `/api/agents/actions/${agent.id}`, actionBody(spec(), { type: 'none' }));
    const before = calls.length;
    const tools = await agentTools(saved.json.agent, agentDeps, { allowedDomains: [] });
    expect((await tools[0]!.run({ author: 'Rumi' }, context())).output).toBe('error processing tool getQuote_action_127---0---0---1: 127.0.0.1 is an internal address');
    expect(calls.length).toBe(before);
  });
});
