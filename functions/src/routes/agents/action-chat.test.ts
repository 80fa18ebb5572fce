import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AskEvent, ToolCall } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../../providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../../providers/llm/__fakes__/sse-server.ts';
import { startApi, type Api } from '../api-test-kit.ts';
import { askStream, type AskStream } from '../ask/ask-stream-client.ts';
import { agentMember } from './agent-test-kit.ts';

/** An action's tool called by the model through `POST /api/agents/chat` (the fake OpenAI server's tool script). */

const calls: { url: string; headers: IncomingHttpHeaders }[] = [];
let quotes: Server;
let quotesOrigin = '';
let provider: FakeServer;
let api: Api;

beforeAll(async () => {
  quotes = createServer((request, response) => {
    calls.push({ url: request.url ?? '', headers: request.headers });
    response.setHeader('content-type', 'application/json');
    if (request.headers['x-api-key'] !== 'quote-key-123') return void response.writeHead(401).end('{"error":"bad key"}');
    response.end('{"quote":"Be a rainbow in somebody else\'s cloud."}');
  });
  await new Promise<void>((resolve) => quotes.listen(0, '127.0.0.1', resolve));
  quotesOrigin = `http://127.0.0.1:${(quotes.address() as AddressInfo).port}`;
  provider = await startFakeOpenAI({ tokens: ['Nothing'] });
  api = await startApi({
    config: {
      serverDomain: 'meld.example.com',
      actions: { allowedDomains: ['127.0.0.1'] },
      endpoints: { demo: { enabled: true }, openAI: { apiKey: 'sk-agents', baseURL: `${provider.url}/v1`, models: ['gpt-4o-mini'] } },
    },
  });
}, 30_000);

afterAll(async () => {
  await api?.stop();
  await provider?.close();
  await new Promise<void>((resolve) => quotes.close(() => resolve()));
});

const spec = () => JSON.stringify({
  openapi: '3.0.3',
  servers: [{ url: quotesOrigin }],
  paths: { '/quotes/{author}': { get: { operationId: 'getQuote', summary: 'A quote by an author', parameters: [{ name: 'author', in: 'path', required: true, schema: { type: 'string' } }] } } },
});
const TOOL = 'getQuote_action_127---0---0---1';

const toolCalls = (response: AskStream) =>
  response.events
    .map(({ event }) => event)
    .filter((event): event is Extract<AskEvent, { type: 'part' }> => event.type === 'part' && event.part.type === 'tool_call')
    .map((event) => event.part.tool_call as ToolCall);
const finalReply = (response: AskStream) => response.events.map(({ event }) => event).find((event): event is Extract<AskEvent, { type: 'final' }> => event.type === 'final')?.responseMessage;

async function agentWithAction(auth: object) {
  const me = await agentMember(api.client());
  const agent = await me.createAgent({ name: 'Quote finder' });
  const saved = await me.call('POST', `/api/agents/actions/${agent.id}`, { metadata: { domain: '127.0.0.1', raw_spec: spec(), auth } });
  expect(saved.status).toBe(200);
  const chat = (text: string) => askStream(api.baseUrl, '/api/agents/chat', me.token, { conversationId: null, model: 'ignored', agent_id: agent.id, text });
  return { me, agent, chat };
}

describe('actions in the agent chat', () => {
  it("offers the action's operation to the model, calls the API with the key when the model asks, and answers with what it said", async () => {
    const { chat } = await agentWithAction({ type: 'service_http', authorization_type: 'custom', custom_auth_header: 'X-Api-Key', api_key: 'quote-key-123' });
    const before = provider.requests.length;
    const response = await chat(`Quote Maya [[tool:${TOOL} {"author":"Maya Angelou"}]]`);
    expect(response.status).toBe(200);
    const offered = provider.requests[before]?.body as { tools: { function: { name: string; parameters: unknown } }[] };
    expect(offered.tools.map((tool) => tool.function)).toEqual([
      { name: TOOL, description: 'A quote by an author', parameters: { type: 'object', properties: { author: { type: 'string' } }, required: ['author'] } },
    ]);
    expect(calls.at(-1)).toMatchObject({ url: '/quotes/Maya%20Angelou', headers: { 'x-api-key': 'quote-key-123' } });
    expect(toolCalls(response).at(-1)).toMatchObject({ name: TOOL, progress: 1, output: '{"quote":"Be a rainbow in somebody else\'s cloud."}' });
    expect(finalReply(response)?.text).toBe('The tool said: {"quote":"Be a rainbow in somebody else\'s cloud."}');
  });

  it('puts the sign-in link of an OAuth action on its tool call, and tells the model the user must sign in', async () => {
    const { chat } = await agentWithAction({
      type: 'oauth',
      authorization_url: 'https://accounts.example.com/authorize',
      client_url: `${quotesOrigin}/token`,
      oauth_client_id: 'meld-client',
      oauth_client_secret: 'client-secret-1',
    });
    const before = calls.length;
    const response = await chat(`Quote Rumi [[tool:${TOOL} {"author":"Rumi"}]]`);
    const call = toolCalls(response).at(-1)!;
    // The link leads to Meld, where the member's own signed-in request starts the sign-in (action-oauth.test.ts).
    expect(call.auth).toMatch(/^https:\/\/meld\.example\.com\/api\/actions\/[\w-]+\/oauth\/callback\?state=[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(call.expires_at).toBeGreaterThan(Date.now());
    expect(call.output).toBe(`error processing tool ${TOOL}: no access token: the user must sign in at ${call.auth}`);
    expect(calls.length).toBe(before);
  });
});
