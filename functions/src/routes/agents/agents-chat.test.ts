import type { Agent, AskEvent, Conversation, Message, ToolCall } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIOptions } from '../../providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../../providers/llm/__fakes__/sse-server.ts';
import { replaceAgent } from '../../store/agent-store.ts';
import { setRolePermissions } from '../../store/role-store.ts';
import { listViolations } from '../../store/violation-store.ts';
import { startApi, type Api } from '../api-test-kit.ts';
import { askStream, type AskStream } from '../ask/ask-stream-client.ts';
import { multipart } from '../files/file-test-kit.ts';
import { memberWithRole } from '../roles/role-test-kit.ts';
import { agentBody, agentMember } from './agent-test-kit.ts';

/** The agent tool loop through `POST /api/agents/chat`, with the fake OpenAI server's tool script (tool-script.ts). */

type Final = Extract<AskEvent, { type: 'final' }>;
type PartEvent = Extract<AskEvent, { type: 'part' }>;
const eventsOf = (response: AskStream) => response.events.map(({ event }) => event);
const finalOf = (response: AskStream) => eventsOf(response).find((event): event is Final => event.type === 'final');
const toolParts = (response: AskStream) =>
  eventsOf(response)
    .filter((event): event is PartEvent => event.type === 'part' && event.part.type === 'tool_call')
    .map((event) => ({ index: event.index, call: event.part.tool_call as ToolCall }));
const toolCallsOf = (message: Message | undefined) => (message?.content ?? []).filter((part) => part.type === 'tool_call').map((part) => part.tool_call as ToolCall);

let api: Api;
let provider: FakeServer;
/** Read on every request: a test may slow the fake model down. */
const fakeOptions: FakeOpenAIOptions = { tokens: ['Nothing', ' to', ' run'] };

beforeAll(async () => {
  provider = await startFakeOpenAI(fakeOptions);
  api = await startApi({ config: { endpoints: { demo: { enabled: true }, openAI: { apiKey: 'sk-agents', baseURL: `${provider.url}/v1`, models: ['gpt-4o-mini'] } } } });
}, 30_000);

afterAll(async () => {
  await api?.stop();
  await provider?.close();
});

async function member() {
  const me = await agentMember(api.client());
  return {
    ...me,
    chat: (json: object, onEvent?: (event: AskEvent) => void | 'close') => askStream(api.baseUrl, '/api/agents/chat', me.token, { conversationId: null, model: 'ignored', ...json }, onEvent),
  };
}

describe('POST /api/agents/chat', () => {
  it("runs the tool the model asks for, streams its call from running to done, and answers with its output under the agent's settings", async () => {
    const me = await member();
    const agent = await me.createAgent({ tools: ['file_search'], instructions: 'Answer from the files.', model_parameters: { temperature: 0.3 } });
    const before = provider.requests.length;
    const response = await me.chat({ agent_id: agent.id, text: 'Search [[tool:file_search {"query":"revenue"}]]', temperature: 1.5 });
    expect(response.status).toBe(200);

    const parts = toolParts(response);
    expect(parts.map(({ call }) => call.progress)).toEqual([0.1, 1]);
    expect(parts[0]?.index).toBe(parts[1]?.index);
    expect(parts[1]?.call).toMatchObject({ id: 'call_0', name: 'file_search', args: '{"query":"revenue"}', output: 'No documents with text are attached to this conversation.' });
    expect(eventsOf(response).find((event) => event.type === 'part')).toMatchObject({ index: 0, part: { type: 'agent_update', agent_update: { agentId: agent.id } } });

    const reply = finalOf(response)?.responseMessage;
    expect(reply?.text).toBe('The tool said: No documents with text are attached to this conversation.');
    expect(reply?.content?.map((part) => part.type)).toEqual(['agent_update', 'tool_call', 'text']);
    expect(reply).toMatchObject({ endpoint: 'agents', model: 'gpt-4o-mini', sender: 'Research helper', finish_reason: 'stop' });

    // The agent's model, parameters and instructions were sent, not the body's; the tool offered; the result went back.
    const first = provider.requests[before]?.body as { model: string; temperature: number; messages: Array<{ role: string; content: unknown }>; tools: Array<{ function: { name: string } }> };
    expect(first).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.3, messages: [{ role: 'system', content: 'Answer from the files.' }, { role: 'user' }] });
    expect(first.tools.map((tool) => tool.function.name)).toEqual(['file_search']);
    const second = provider.requests[before + 1]?.body as { messages: Array<{ role: string; tool_call_id?: string }> };
    expect(second.messages.slice(-2).map((message) => message.role)).toEqual(['assistant', 'tool']);
    expect(provider.requests.length).toBe(before + 2 + 1 /* the title */);

    // Saved as shown, in a conversation kept under the agents endpoint with the agent's id.
    const conversationId = finalOf(response)?.conversation.conversationId;
    const saved = (await me.call<Message[]>('GET', `/api/messages/${conversationId}`)).json.find((message) => !message.isCreatedByUser);
    expect(toolCallsOf(saved)).toEqual([expect.objectContaining({ id: 'call_0', progress: 1, output: 'No documents with text are attached to this conversation.' })]);
    const conversation = await me.call<Conversation>('GET', `/api/convos/${conversationId}`);
    expect(conversation.json).toMatchObject({ endpoint: 'agents', agent_id: agent.id, model: 'gpt-4o-mini' });
  });

  it('runs the code tool the model asks for and answers using what the program printed', async () => {
    const me = await member();
    const agent = await me.createAgent({ tools: ['execute_code'] });
    const response = await me.chat({ agent_id: agent.id, text: 'What is 6 times 7? [[tool:execute_code {"lang":"javascript","code":"console.log(6*7)"}]]' });
    const parts = toolParts(response);
    expect(parts.map(({ call }) => call.progress)).toEqual([0.1, 1]);
    expect(parts[1]?.call).toMatchObject({ name: 'execute_code', args: '{"lang":"javascript","code":"console.log(6*7)"}', output: expect.stringContaining('42') });
    const reply = finalOf(response)?.responseMessage;
    expect(reply?.text).toMatch(/^The tool said: .*42/s);
    const saved = (await me.call<Message[]>('GET', `/api/messages/${finalOf(response)?.conversation.conversationId}`)).json.find((message) => !message.isCreatedByUser);
    expect(toolCallsOf(saved)).toEqual([expect.objectContaining({ name: 'execute_code', progress: 1, output: expect.stringContaining('42') })]);
  });

  it("keeps the files a program wrote as the reply's attachments", async () => {
    const me = await member();
    const agent = await me.createAgent({ tools: ['execute_code'] });
    const code = JSON.stringify({ lang: 'python', code: "open('/mnt/data/totals.csv', 'w').write('region,total\\nnorth,12\\n')\nprint('saved')" });
    const response = await me.chat({ agent_id: agent.id, text: `Save it [[tool:execute_code ${code}]]` });
    const reply = finalOf(response)?.responseMessage;
    expect(toolParts(response).at(-1)?.call.output).toContain('saved');
    expect(reply?.attachments).toEqual([expect.objectContaining({ filename: 'totals.csv', toolCallId: 'call_0' })]);
  }, 60_000);

  it('finds the passage of an attached file that answers the query, naming the file', async () => {
    const me = await member();
    const agent = await me.createAgent({ tools: ['file_search'] });
    // Long enough to be cut into several passages: only the one that matches comes back.
    const filler = (topic: string) => Array.from({ length: 6 }, (_, index) => `${topic} item ${index}: the team will plan this during the week and report back to everyone.`).join(' ');
    const notes = ['Team offsite notes.', filler('Lunch'), filler('Travel'), 'Quarterly revenue grew 12 percent in the north region, led by the new cafe.', filler('Workshops'), `Parking is behind the station. ${filler('Parking')}`].join('\n\n');
    const form = await multipart([{ name: 'offsite.txt', type: 'text/plain', data: Buffer.from(notes) }]);
    const upload = await api.client().request<{ files: Array<{ file_id: string }> }>('POST', '/api/files', { body: form.body, headers: { ...form.headers, authorization: `Bearer ${me.token}` } });
    const fileId = upload.json.files[0]?.file_id as string;

    const response = await me.chat({ agent_id: agent.id, text: 'How did the north do? [[tool:file_search {"query":"north region revenue"}]]', files: [{ file_id: fileId }] });
    const output = toolParts(response).at(-1)?.call.output ?? '';
    expect(output.startsWith('[1] offsite.txt\n')).toBe(true);
    expect(output).toContain('Quarterly revenue grew 12 percent in the north region');
    // The one passage that shares terms with the query; the rest of the file stays out.
    expect(output).not.toContain('[2]');
    expect(output).not.toContain('Parking');
    expect(finalOf(response)?.responseMessage.text).toContain('Quarterly revenue grew 12 percent');
  });

  it('tells the model a tool failed ("error processing tool") and lets it answer anyway', async () => {
    const me = await member();
    const agent = await me.createAgent({ tools: ['file_search'] });
    const response = await me.chat({ agent_id: agent.id, text: 'Try [[tool:file_search {"query":""}]] and [[tool:web_browser {"url":"x"}]]' });
    const done = toolParts(response)
      .filter(({ call }) => call.progress === 1)
      .sort((a, b) => a.index - b.index);
    expect(done.map(({ call }) => call.output)).toEqual(['Error processing tool file_search: give a query to search for', 'Error processing tool web_browser: the agent has no such tool']);
    const reply = finalOf(response)?.responseMessage;
    expect(reply?.error).toBeUndefined();
    expect(reply?.text).toBe('The tool said: Error processing tool file_search: give a query to search for | Error processing tool web_browser: the agent has no such tool');
  });

  it("ends the reply with a tool_call_limit error when the model still calls tools at the agent's recursion limit", async () => {
    const me = await member();
    const agent = await me.createAgent({ tools: ['file_search'], recursion_limit: 3 });
    const before = provider.requests.length;
    const response = await me.chat({ agent_id: agent.id, text: 'Forever [[loop:file_search {"query":"again"}]]' });
    const reply = finalOf(response)?.responseMessage;
    // Three model calls (a failed reply is titled by its opening words): the first two ran their tools, the third's call was not run.
    expect(provider.requests.length - before).toBe(3);
    expect(toolCallsOf(reply).map((call) => [call.id, call.progress])).toEqual([
      ['call_0', 1],
      ['call_1', 1],
    ]);
    expect(reply?.content?.at(-1)).toMatchObject({ type: 'error', code: 'tool_call_limit' });
    expect(reply?.error).toBe(true);
    expect(eventsOf(response).find((event) => event.type === 'error')).toMatchObject({ code: 'tool_call_limit' });
    expect(await listViolations(me.userId, 'tool_call_limit')).toEqual([expect.objectContaining({ details: { agentId: agent.id, conversationId: finalOf(response)?.conversation.conversationId } })]);
  });

  it('stops between steps when the user aborts, keeping the calls made so far', async () => {
    const me = await member();
    const agent = await me.createAgent({ tools: ['file_search'], recursion_limit: 50 });
    fakeOptions.intervalMs = 40;
    const before = provider.requests.length;
    let conversationId = '';
    let aborted: Promise<unknown> | undefined;
    const response = await me.chat({ agent_id: agent.id, text: 'Forever [[loop:file_search {"query":"again"}]]' }, (event) => {
      if (event.type === 'created') conversationId = event.conversationId;
      if (event.type === 'part' && (event.part.tool_call as ToolCall | undefined)?.progress === 1 && !aborted) aborted = me.call('POST', '/api/ask/agents/abort', { conversationId });
    });
    fakeOptions.intervalMs = undefined;
    expect((await (aborted as Promise<{ status: number; json: { aborted: boolean } }>)).json).toEqual({ aborted: true });
    const reply = finalOf(response)?.responseMessage;
    expect(reply).toMatchObject({ unfinished: true, finish_reason: 'incomplete' });
    expect(reply?.error).toBeUndefined();
    expect(toolCallsOf(reply).length).toBeGreaterThanOrEqual(1);
    expect(provider.requests.length - before).toBeLessThan(10);
  });

  it("answers 404 for another user's private agent, before anything is written", async () => {
    const owner = await member();
    const agent = await owner.createAgent();
    const other = await member();
    const before = provider.requests.length;
    const response = await other.chat({ agent_id: agent.id, text: 'Hello' });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.text)).toMatchObject({ code: 'NOT_FOUND' });
    expect(provider.requests.length).toBe(before);
    expect((await other.call<{ conversations: Conversation[] }>('GET', '/api/convos')).json.conversations).toEqual([]);
  });

  it('refuses a role without AGENTS/USE with 403, before anything is written', async () => {
    const admin = await agentMember(api.client(), 'ADMIN');
    expect((await admin.call('PUT', '/api/roles/MENTOR/agents', { USE: false })).status).toBe(200);
    const agent = await admin.createAgent();
    const mentor = await memberWithRole(api.client(), 'MENTOR');
    const response = await askStream(api.baseUrl, '/api/agents/chat', mentor.token, { agent_id: agent.id, text: 'Hello', conversationId: null, model: 'ignored' });
    expect(response.status).toBe(403);
    expect((await mentor.call<{ conversations: Conversation[] }>('GET', '/api/convos')).json.conversations).toEqual([]);
    expect((await admin.call('PUT', '/api/roles/MENTOR/agents', { USE: true })).status).toBe(200);
  });

  it('does not offer the code tool to a role without RUN_CODE/USE, so the call fails and the model is told', async () => {
    await setRolePermissions('MENTOR', 'RUN_CODE', { USE: false }, new Date().toISOString());
    try {
      const mentor = await memberWithRole(api.client(), 'MENTOR');
      const agent = (await mentor.call<Agent>('POST', '/api/agents', agentBody({ tools: ['execute_code', 'file_search'] }))).json;
      const before = provider.requests.length;
      const response = await askStream(api.baseUrl, '/api/agents/chat', mentor.token, { agent_id: agent.id, text: 'Run [[tool:execute_code {"lang":"javascript","code":"1"}]]', conversationId: null, model: 'ignored' });
      const offered = (provider.requests[before]?.body as { tools: Array<{ function: { name: string } }> }).tools.map((tool) => tool.function.name);
      expect(offered).toEqual(['file_search']);
      expect(toolParts(response).at(-1)?.call.output).toBe('Error processing tool execute_code: the agent has no such tool');
    } finally {
      await setRolePermissions('MENTOR', 'RUN_CODE', { USE: true }, new Date().toISOString());
    }
  });

  it('refuses an agent whose provider the server no longer offers as invalid_agent_provider, naming it', async () => {
    const me = await member();
    const agent = await me.createAgent();
    // Configured when the agent was made; the operator has since removed it.
    expect(await replaceAgent({ ...agent, provider: 'anthropic', updatedAt: new Date().toISOString() }, agent.updatedAt)).toBe(true);
    const before = provider.requests.length;
    const response = await me.chat({ agent_id: agent.id, text: 'Hello' });
    expect(response.status).toBe(422);
    expect(JSON.parse(response.text)).toMatchObject({ code: 'invalid_agent_provider', info: { provider: 'anthropic' } });
    expect(provider.requests.length).toBe(before);
    expect((await me.call<{ conversations: Conversation[] }>('GET', '/api/convos')).json.conversations).toEqual([]);
  });

  it('refuses a body without an agent id with a 400 naming it', async () => {
    const me = await member();
    const response = await me.chat({ text: 'Hello' });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({ field: 'agent_id' });
  });
});
