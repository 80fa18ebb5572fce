import { BedrockRuntimeClient, ConverseStreamCommand, type ConverseStreamOutput } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider } from './anthropic.ts';
import { createBedrockProvider } from './bedrock.ts';
import { createGoogleProvider } from './google.ts';
import { createOpenAIProvider } from './openai.ts';
import { startFakeAnthropic } from './__fakes__/anthropic-server.ts';
import { chatRequest, collect } from './__fakes__/collect.ts';
import { startFakeGoogle } from './__fakes__/google-server.ts';
import { startFakeOpenAI } from './__fakes__/openai-server.ts';
import type { FakeServer } from './__fakes__/sse-server.ts';
import type { ChatTurn, GenerateRequest, ToolDefinition } from './types.ts';

let server: FakeServer | undefined;
const bedrock = mockClient(BedrockRuntimeClient);
afterEach(async () => {
  await server?.close();
  server = undefined;
  bedrock.reset();
});
// The files of a worker share the SDK: leave no stub on its prototype.
afterAll(() => bedrock.restore());

const codeTool: ToolDefinition = {
  name: 'execute_code',
  description: 'Runs code in a sandbox.',
  parameters: { type: 'object', properties: { lang: { type: 'string' }, code: { type: 'string' } }, required: ['lang', 'code'] },
};
const ARGS = '{"lang":"python","code":"print(6*7)"}';

/** A loop's second step: the model called the code tool once and its result came back. */
const afterOneCall: ChatTurn[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'What is 6 times 7?' },
  { role: 'assistant', content: 'Let me run it.', toolCalls: [{ id: 'call_1', name: 'execute_code', args: ARGS, signature: 'c2ln' }] },
  { role: 'tool', toolCallId: 'call_1', toolName: 'execute_code', content: '42' },
];

const withTools = (overrides: Partial<GenerateRequest> = {}) => chatRequest({ tools: [codeTool], ...overrides });
const callsOf = (events: Awaited<ReturnType<typeof collect>>['events']) => events.filter((event) => event.type === 'tool_call');

describe('OpenAI-compatible tool calls', () => {
  const chat = async () => {
    server = await startFakeOpenAI();
    return createOpenAIProvider({ kind: 'custom', endpoint: 'Local', apiKey: 'sk-test', baseURL: `${server.url}/v1` }, { maxRetries: 0 });
  };

  it('offers the tools as functions and assembles a call streamed in pieces', async () => {
    const provider = await chat();
    const messages: ChatTurn[] = [{ role: 'user', content: `Compute [[tool:execute_code ${ARGS}]]` }];
    const { events, error } = await collect(provider.stream(withTools({ messages })));
    expect(error).toBeUndefined();
    expect(server?.requests[0]?.body).toMatchObject({ tools: [{ type: 'function', function: codeTool }] });
    expect(callsOf(events)).toEqual([{ type: 'tool_call', id: 'call_0', name: 'execute_code', args: ARGS }]);
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'tool_calls' });
  });

  it('assembles several calls of one reply by their index', async () => {
    const provider = await chat();
    const messages: ChatTurn[] = [{ role: 'user', content: '[[tool:file_search {"query":"north region"}]] and [[tool:execute_code {"lang":"javascript","code":"1+1"}]]' }];
    const { events } = await collect(provider.stream(withTools({ messages })));
    expect(callsOf(events).map((event) => event.type === 'tool_call' && [event.id, event.name, event.args])).toEqual([
      ['call_0', 'file_search', '{"query":"north region"}'],
      ['call_1', 'execute_code', '{"lang":"javascript","code":"1+1"}'],
    ]);
  });

  it('sends the assistant turn with its calls and the tool result as a tool message', async () => {
    const provider = await chat();
    const { events } = await collect(provider.stream(withTools({ messages: afterOneCall })));
    expect((server?.requests[0]?.body as { messages: unknown[] }).messages.slice(2)).toEqual([
      { role: 'assistant', content: 'Let me run it.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'execute_code', arguments: ARGS } }] },
      { role: 'tool', tool_call_id: 'call_1', content: '42' },
    ]);
    expect(callsOf(events)).toEqual([]);
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'stop' });
  });

  it('sends no tools field when the request offers none', async () => {
    const provider = await chat();
    await collect(provider.stream(chatRequest()));
    expect(server?.requests[0]?.body).not.toHaveProperty('tools');
  });
});

describe('Anthropic tool calls', () => {
  const chat = async (toolUses?: Array<{ id: string; name: string; input: Record<string, unknown> }>) => {
    server = await startFakeAnthropic({ tokens: ['Running it.'], toolUses });
    return createAnthropicProvider({ endpoint: 'anthropic', apiKey: 'sk-ant-test', baseURL: server.url, maxRetries: 0 });
  };

  it('offers the tools with their input schema and assembles a tool_use block', async () => {
    const provider = await chat([{ id: 'toolu_1', name: 'execute_code', input: { lang: 'python', code: 'print(6*7)' } }]);
    const { events } = await collect(provider.stream(withTools({ model: 'claude-opus-4-6' })));
    expect(server?.requests[0]?.body).toMatchObject({ tools: [{ name: 'execute_code', description: codeTool.description, input_schema: codeTool.parameters }] });
    expect(callsOf(events)).toEqual([{ type: 'tool_call', id: 'toolu_1', name: 'execute_code', args: ARGS }]);
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'tool_calls' });
  });

  it('sends the calls as tool_use blocks and the results as tool_result blocks of a user turn', async () => {
    const provider = await chat();
    const { events } = await collect(provider.stream(withTools({ model: 'claude-opus-4-6', messages: afterOneCall })));
    expect((server?.requests[0]?.body as { messages: unknown[] }).messages.slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'Let me run it.' }, { type: 'tool_use', id: 'call_1', name: 'execute_code', input: { lang: 'python', code: 'print(6*7)' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '42' }] },
    ]);
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'stop' });
  });

  it('does not think once tools were used, since the loop keeps no signed thinking', async () => {
    const provider = await chat();
    await collect(provider.stream(withTools({ model: 'claude-3-7-sonnet-20250219', messages: afterOneCall })));
    expect(server?.requests[0]?.body).not.toHaveProperty('thinking');
  });
});

describe('Google tool calls', () => {
  const chat = async (functionCalls?: Array<{ name: string; args: Record<string, unknown>; thoughtSignature?: string }>) => {
    server = await startFakeGoogle({ tokens: ['Running it.'], functionCalls });
    return createGoogleProvider({ endpoint: 'google', apiKey: 'goog-test', baseURL: server.url });
  };

  it('offers function declarations and turns a functionCall into a call with its thought signature', async () => {
    const provider = await chat([{ name: 'execute_code', args: { lang: 'python', code: 'print(6*7)' }, thoughtSignature: 'c2ln' }]);
    const { events } = await collect(provider.stream(withTools({ model: 'gemini-2.5-flash' })));
    expect(server?.requests[0]?.body).toMatchObject({ tools: [{ functionDeclarations: [{ name: 'execute_code', description: codeTool.description, parametersJsonSchema: codeTool.parameters }] }] });
    expect(callsOf(events)).toEqual([{ type: 'tool_call', id: 'call_0', name: 'execute_code', args: ARGS, signature: 'c2ln' }]);
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'tool_calls' });
  });

  it('sends the calls back as functionCall parts and the results as functionResponse parts', async () => {
    const provider = await chat();
    const { events } = await collect(provider.stream(withTools({ model: 'gemini-2.5-flash', messages: afterOneCall })));
    expect((server?.requests[0]?.body as { contents: unknown[] }).contents.slice(1)).toEqual([
      { role: 'model', parts: [{ text: 'Let me run it.' }, { functionCall: { id: 'call_1', name: 'execute_code', args: { lang: 'python', code: 'print(6*7)' } }, thoughtSignature: 'c2ln' }] },
      { role: 'user', parts: [{ functionResponse: { id: 'call_1', name: 'execute_code', response: { output: '42' } } }] },
    ]);
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'stop' });
  });
});

describe('Bedrock tool calls', () => {
  const claude = 'anthropic.claude-3-5-sonnet-20240620-v1:0';
  const replyWith = (list: ConverseStreamOutput[]) =>
    bedrock.on(ConverseStreamCommand).callsFake(() => ({
      $metadata: {},
      stream: (async function* () {
        yield* list;
      })(),
    }));

  it('offers the tools as tool specs and assembles a toolUse block streamed in pieces', async () => {
    replyWith([
      { contentBlockDelta: { contentBlockIndex: 0, delta: { text: 'Running it.' } } },
      { contentBlockStart: { contentBlockIndex: 1, start: { toolUse: { toolUseId: 'tooluse_1', name: 'execute_code' } } } },
      { contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: ARGS.slice(0, 10) } } } },
      { contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: ARGS.slice(10) } } } },
      { contentBlockStop: { contentBlockIndex: 1 } },
      { messageStop: { stopReason: 'tool_use' } },
    ]);
    const { events } = await collect(createBedrockProvider({ endpoint: 'bedrock', region: 'eu-west-1' }).stream(withTools({ model: claude })));
    expect(bedrock.commandCalls(ConverseStreamCommand)[0]?.args[0].input.toolConfig).toEqual({
      tools: [{ toolSpec: { name: 'execute_code', description: codeTool.description, inputSchema: { json: codeTool.parameters } } }],
    });
    expect(callsOf(events)).toEqual([{ type: 'tool_call', id: 'tooluse_1', name: 'execute_code', args: ARGS }]);
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'tool_calls' });
  });

  it('sends the calls as toolUse blocks and the results as toolResult blocks of a user message', async () => {
    replyWith([{ contentBlockDelta: { contentBlockIndex: 0, delta: { text: '42.' } } }, { messageStop: { stopReason: 'end_turn' } }]);
    const { events } = await collect(createBedrockProvider({ endpoint: 'bedrock', region: 'eu-west-1' }).stream(withTools({ model: claude, messages: afterOneCall })));
    expect(bedrock.commandCalls(ConverseStreamCommand)[0]?.args[0].input.messages?.slice(1)).toEqual([
      { role: 'assistant', content: [{ text: 'Let me run it.' }, { toolUse: { toolUseId: 'call_1', name: 'execute_code', input: { lang: 'python', code: 'print(6*7)' } } }] },
      { role: 'user', content: [{ toolResult: { toolUseId: 'call_1', content: [{ text: '42' }] } }] },
    ]);
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'stop' });
  });
});
