import { afterEach, describe, expect, it } from 'vitest';
import { chatRequest, collect, collectUntilStopped, textOf } from './__fakes__/collect.ts';
import { startFakeOpenAI, type FakeOpenAIOptions } from './__fakes__/openai-server.ts';
import { startReplayServer, type ReplayOptions } from './__fakes__/replay-server.ts';
import type { FakeServer } from './__fakes__/sse-server.ts';
import { createOpenAIProvider, type OpenAIConnection } from './openai.ts';
import { ProviderError } from './types.ts';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function provider(options: FakeOpenAIOptions = {}, kind: 'openAI' | 'custom' = 'custom') {
  server = await startFakeOpenAI(options);
  const connection: OpenAIConnection = { kind, endpoint: 'Local', apiKey: 'sk-test', baseURL: `${server.url}/v1` };
  return createOpenAIProvider(connection, { maxRetries: 0 });
}

describe('OpenAI-compatible provider', () => {
  it('streams the tokens in order, then usage and a stop', async () => {
    const chat = await provider({ tokens: ['The', ' sky', ' is', ' blue'], usage: { prompt_tokens: 21, completion_tokens: 4 } });
    const { events, error } = await collect(chat.stream(chatRequest()));
    expect(error).toBeUndefined();
    expect(events.filter((event) => event.type === 'text').map((event) => (event as { text: string }).text)).toEqual(['The', ' sky', ' is', ' blue']);
    expect(events.slice(-2)).toEqual([
      { type: 'usage', promptTokens: 21, completionTokens: 4 },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('delivers each token as it arrives rather than at the end', async () => {
    const chat = await provider({ tokens: ['a', 'b', 'c', 'd', 'e'], intervalMs: 60 });
    const arrivals: number[] = [];
    const started = Date.now();
    for await (const event of chat.stream(chatRequest())) if (event.type === 'text') arrivals.push(Date.now() - started);
    expect((arrivals.at(-1) as number) - (arrivals[0] as number)).toBeGreaterThanOrEqual(180);
  });

  it('sends the conversation and maps the parameters', async () => {
    const chat = await provider();
    const parameters = { temperature: 0.4, topP: 0.9, presence_penalty: 0.5, frequency_penalty: 1.1, maxOutputTokens: 300, stop: ['END'], thinking: true };
    await collect(chat.stream(chatRequest({ model: 'llama3', parameters })));
    expect(server?.requests[0]?.path).toBe('/v1/chat/completions');
    expect(server?.requests[0]?.headers.authorization).toBe('Bearer sk-test');
    expect(server?.requests[0]?.body).toEqual({
      model: 'llama3',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Say hello' },
      ],
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.4,
      top_p: 0.9,
      presence_penalty: 0.5,
      frequency_penalty: 1.1,
      max_tokens: 300,
      stop: ['END'],
    });
  });

  it('asks OpenAI reasoning models for max_completion_tokens and leaves out the sampling parameters', async () => {
    const chat = await provider({}, 'openAI');
    const parameters = { temperature: 0.4, topP: 0.9, frequency_penalty: 1, max_tokens: 900, reasoning_effort: 'low', stop: ['END'] };
    await collect(chat.stream(chatRequest({ model: 'o3-mini', parameters })));
    expect(server?.requests[0]?.body).toEqual({
      model: 'o3-mini',
      messages: expect.any(Array),
      stream: true,
      stream_options: { include_usage: true },
      stop: ['END'],
      max_completion_tokens: 900,
      reasoning_effort: 'low',
    });
  });

  it('turns reasoning deltas into think events before the answer', async () => {
    const chat = await provider({ reasoning: ['Let me', ' think.'], tokens: ['Done'] });
    const { events } = await collect(chat.stream(chatRequest()));
    expect(textOf(events, 'think')).toBe('Let me think.');
    expect(events.findIndex((event) => event.type === 'think')).toBeLessThan(events.findIndex((event) => event.type === 'text'));
  });

  it('reports a reply cut by the token limit as length', async () => {
    const { events } = await collect((await provider({ finishReason: 'length' })).stream(chatRequest()));
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'length' });
  });

  it('surfaces a mid-stream failure as a provider error after the partial text', async () => {
    const chat = await provider({ tokens: ['one', ' two', ' three', ' four'], failAfter: 2 });
    const { events, error } = await collect(chat.stream(chatRequest()));
    expect(textOf(events)).toBe('one two');
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ type: 'provider_error', message: expect.stringContaining('The upstream model crashed') });
  });

  it('surfaces a dropped connection as a provider error after the partial text', async () => {
    const chat = await provider({ tokens: ['one', ' two', ' three'], dropAfter: 1 });
    const { events, error } = await collect(chat.stream(chatRequest()));
    expect(textOf(events)).toBe('one');
    expect(error).toMatchObject({ type: 'provider_error', message: 'The connection to the model provider was lost before the reply finished. Please try again.' });
  });

  it.each([
    [401, 'invalid_user_key', 'Incorrect API key'],
    [429, 'rate_limited', 'Rate limit reached'],
    [500, 'provider_error', 'The server had an error'],
  ] as const)('maps an HTTP %i to %s with the provider message', async (status, type, message) => {
    const { events, error } = await collect((await provider({ status })).stream(chatRequest()));
    expect(events).toEqual([]);
    expect(error).toMatchObject({ type, status, message: expect.stringContaining(message) });
  });

  it('stops reading when aborted and finishes as incomplete', async () => {
    const chat = await provider({ tokens: Array.from({ length: 50 }, (_, index) => ` t${index}`), intervalMs: 20 });
    const events = await collectUntilStopped((signal) => chat.stream(chatRequest({ signal: signal })), 3);
    expect(events.filter((event) => event.type === 'text')).toHaveLength(3);
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'incomplete' });
    await expect.poll(() => server?.clientClosedEarly).toBe(true);
  });

  it('finishes as incomplete without an error when stopped before the request went out', async () => {
    const chat = await provider();
    const controller = new AbortController();
    controller.abort();
    const { events, error } = await collect(chat.stream(chatRequest({ signal: controller.signal })));
    expect(error).toBeUndefined();
    expect(events).toEqual([{ type: 'done', finishReason: 'incomplete' }]);
  });
});

describe('Azure OpenAI provider', () => {
  it('calls the deployment named by the model with the api-key header', async () => {
    server = await startFakeOpenAI({ tokens: ['Hi'] });
    const chat = createOpenAIProvider({ kind: 'azureOpenAI', endpoint: 'azureOpenAI', apiKey: 'az-key', azureEndpoint: server.url, apiVersion: '2024-10-21' }, { maxRetries: 0 });
    const { events, error } = await collect(chat.stream(chatRequest({ model: 'gpt-4o-deploy' })));
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('Hi');
    expect(server.requests[0]?.path).toBe('/openai/deployments/gpt-4o-deploy/chat/completions?api-version=2024-10-21');
    expect(server.requests[0]?.headers['api-key']).toBe('az-key');
  });
});

describe('OpenAI provider on recorded streams', () => {
  async function replay(fixture: string, kind: OpenAIConnection['kind'] = 'openAI', options?: ReplayOptions) {
    server = await startReplayServer([fixture], options);
    const connection: OpenAIConnection =
      kind === 'azureOpenAI'
        ? { kind, endpoint: 'azureOpenAI', apiKey: 'az-key', azureEndpoint: server.url, apiVersion: '2024-10-21' }
        : { kind, endpoint: 'openAI', apiKey: 'sk-test', baseURL: `${server.url}/v1` };
    return collect(createOpenAIProvider(connection, { maxRetries: 0 }).stream(chatRequest({ model: 'gpt-4o' })));
  }

  it('streams the text, then the usage of the empty-choices chunk, and a stop', async () => {
    const { events, error } = await replay('openai/text-usage.sse');
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('The sky scatters blue.');
    expect(events.slice(-2)).toEqual([
      { type: 'usage', promptTokens: 21, completionTokens: 4 },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('turns delta.refusal pieces into the refusal, with no text, and ends refused', async () => {
    const { events, error } = await replay('openai/refusal.sse');
    expect(error).toBeUndefined();
    expect(events.filter((event) => event.type === 'text')).toEqual([]);
    expect(events.filter((event) => event.type === 'refusal').map((event) => (event as { text: string }).text).join('')).toBe("I'm sorry, I can't assist with that request.");
    expect(events.slice(-2)).toEqual([
      { type: 'usage', promptTokens: 37, completionTokens: 10 },
      { type: 'done', finishReason: 'refused' },
    ]);
  });

  it('assembles parallel tool calls from their indexed deltas', async () => {
    const { events } = await replay('openai/tool-calls.sse');
    expect(events.filter((event) => event.type === 'tool_call')).toEqual([
      { type: 'tool_call', id: 'call_Gq7cJ1Xb2Lm3Np4Qr5St6Uv7', name: 'get_weather', args: '{"city": "Paris"}' },
      { type: 'tool_call', id: 'call_Hr8dK2Yc3Mn4Op5Rs6Tu7Vw8', name: 'get_weather', args: '{"city": "Oslo"}' },
    ]);
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'tool_calls' });
  });

  it('reads a legacy function_call as the reply’s one call', async () => {
    const { events } = await replay('openai/function-call.sse');
    expect(events.filter((event) => event.type === 'tool_call')).toEqual([{ type: 'tool_call', id: 'call_0', name: 'get_weather', args: '{"city":"Lima"}' }]);
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'tool_calls' });
  });

  it('reports finish_reason length as length', async () => {
    const { events } = await replay('openai/length.sse');
    expect(textOf(events)).toBe('Once upon a time');
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'length' });
  });

  it('ends an Azure reply its content filter stopped as refused, naming the filter, after the partial text', async () => {
    const { events, error } = await replay('azure/content-filter.sse', 'azureOpenAI');
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('The battle');
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'refused', reason: "The provider's content filter stopped the reply (content_filter)" });
  });

  it('surfaces the error object of a failed stream with the provider’s sentence', async () => {
    const { events, error } = await replay('openai/mid-stream-error.sse');
    expect(textOf(events)).toBe('Half an');
    expect(error).toMatchObject({ type: 'provider_error', message: expect.stringContaining('The server had an error processing your request') });
  });

  it.each([
    ['model_length', 'INPUT_LENGTH'],
    ['error', 'provider_error'],
    ['insufficient_system_resource', 'provider_error'],
  ] as const)('fails a compatible server’s finish_reason %s as %s with the reason named', async (reason, type) => {
    const { error } = await replay('openai/length.sse', 'custom', { edit: (text) => text.replace('"finish_reason":"length"', `"finish_reason":"${reason}"`) });
    expect(error).toMatchObject({ type, message: expect.stringContaining(`(${reason})`) });
  });

  it('takes a finish_reason it does not know from a compatible server as an ordinary end', async () => {
    const { events, error } = await replay('openai/text-usage.sse', 'custom', { edit: (text) => text.replace('"finish_reason":"stop"', '"finish_reason":"eos"') });
    expect(error).toBeUndefined();
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'stop' });
  });
});
