import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider, MAX_PAUSED_TURNS } from './anthropic.ts';
import { startFakeAnthropic, type FakeAnthropicOptions } from './__fakes__/anthropic-server.ts';
import { startReplayServer, type ReplayOptions } from './__fakes__/replay-server.ts';
import { chatRequest, collect, collectUntilStopped, textOf } from './__fakes__/collect.ts';
import type { FakeServer } from './__fakes__/sse-server.ts';
import { ProviderError } from './types.ts';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function provider(options: FakeAnthropicOptions = {}) {
  server = await startFakeAnthropic(options);
  return createAnthropicProvider({ endpoint: 'anthropic', apiKey: 'sk-ant-test', baseURL: server.url, maxRetries: 0 });
}

const body = () => server?.requests[0]?.body as Record<string, unknown>;

describe('Anthropic provider', () => {
  it('streams the text in order, then usage from message_start and message_delta, and a stop', async () => {
    const chat = await provider({ tokens: ['Bonjour', ' à', ' tous'], inputTokens: 40 });
    const { events, error } = await collect(chat.stream(chatRequest({ model: 'claude-3-5-sonnet-latest' })));
    expect(error).toBeUndefined();
    expect(events.filter((event) => event.type === 'text').map((event) => (event as { text: string }).text)).toEqual(['Bonjour', ' à', ' tous']);
    expect(events.slice(-2)).toEqual([
      { type: 'usage', promptTokens: 40, completionTokens: 3 },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('sends the system prompt apart from the turns, with the key, max tokens and stop sequences', async () => {
    const chat = await provider();
    await collect(chat.stream(chatRequest({ model: 'claude-3-5-sonnet-latest', parameters: { maxOutputTokens: 500, stop: ['###'], temperature: 0.2 } })));
    expect(server?.requests[0]?.path).toBe('/v1/messages');
    expect(JSON.stringify(server?.requests[0]?.headers)).toContain('sk-ant-test');
    expect(body()).toEqual({
      model: 'claude-3-5-sonnet-latest',
      stream: true,
      max_tokens: 500,
      system: 'You are terse.',
      messages: [{ role: 'user', content: 'Say hello' }],
      stop_sequences: ['###'],
    });
  });

  it('leaves out an empty reply that was stopped before its first token', async () => {
    const chat = await provider();
    const messages = [{ role: 'user' as const, content: 'First' }, { role: 'assistant' as const, content: '' }, { role: 'user' as const, content: 'Second' }];
    const { error } = await collect(chat.stream(chatRequest({ model: 'claude-3-5-sonnet-latest', messages })));
    expect(error).toBeUndefined();
    expect(body()).toMatchObject({ messages: [{ role: 'user', content: 'First' }, { role: 'user', content: 'Second' }] });
    expect(body()).not.toHaveProperty('system');
  });

  it('thinks by default with a 2000-token budget on claude-3-7 models and streams the thinking as think events', async () => {
    const chat = await provider({ thinking: ['First,', ' consider.'], tokens: ['Answer'] });
    const { events } = await collect(chat.stream(chatRequest({ model: 'claude-3-7-sonnet-20250219' })));
    expect(body()).toMatchObject({ max_tokens: 8192, thinking: { type: 'enabled', budget_tokens: 2000 } });
    expect(textOf(events, 'think')).toBe('First, consider.');
    expect(textOf(events)).toBe('Answer');
    expect(events.findIndex((event) => event.type === 'think')).toBeLessThan(events.findIndex((event) => event.type === 'text'));
  });

  it('leaves thinking off when the user turns it off, and on older models', async () => {
    const chat = await provider();
    await collect(chat.stream(chatRequest({ model: 'claude-3-7-sonnet-latest', parameters: { thinking: false } })));
    await collect(chat.stream(chatRequest({ model: 'claude-3-5-haiku-latest', parameters: { thinking: true } })));
    expect(server?.requests.map((request) => (request.body as { thinking?: unknown }).thinking)).toEqual([undefined, undefined]);
    expect((server?.requests[1]?.body as { max_tokens: number }).max_tokens).toBe(4096);
  });

  it('keeps the thinking budget below max tokens', async () => {
    const chat = await provider();
    await collect(chat.stream(chatRequest({ model: 'claude-sonnet-4-5', parameters: { thinking: true, thinkingBudget: 3000, maxOutputTokens: 1000 } })));
    expect(body()).toMatchObject({ max_tokens: 4000, thinking: { type: 'enabled', budget_tokens: 3000 } });
  });

  it('reports a reply cut by max_tokens as length', async () => {
    const { events } = await collect((await provider({ stopReason: 'max_tokens' })).stream(chatRequest({ model: 'claude-3-5-sonnet-latest' })));
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'length' });
  });


  it('surfaces a mid-stream error event as a provider error after the partial text', async () => {
    const chat = await provider({ tokens: ['one', ' two', ' three'], failAfter: 2 });
    const { events, error } = await collect(chat.stream(chatRequest({ model: 'claude-3-5-sonnet-latest' })));
    expect(textOf(events)).toBe('one two');
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ type: 'provider_error', message: expect.stringContaining('Overloaded') });
  });

  it.each([
    [401, 'invalid_user_key', 'invalid x-api-key'],
    [429, 'rate_limited', 'rate limit'],
    [500, 'provider_error', 'Internal server error'],
  ] as const)('maps an HTTP %i to %s with the provider message', async (status, type, message) => {
    const { events, error } = await collect((await provider({ status })).stream(chatRequest({ model: 'claude-3-5-sonnet-latest' })));
    expect(events).toEqual([]);
    expect(error).toMatchObject({ type, status, message: expect.stringContaining(message) });
  });

  it('stops reading when aborted and finishes as incomplete', async () => {
    const chat = await provider({ tokens: Array.from({ length: 50 }, (_, index) => ` t${index}`), intervalMs: 20 });
    const events = await collectUntilStopped((signal) => chat.stream(chatRequest({ model: 'claude-3-5-sonnet-latest', signal: signal })), 2);
    expect(events.filter((event) => event.type === 'text')).toHaveLength(2);
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'incomplete' });
    await expect.poll(() => server?.clientClosedEarly).toBe(true);
  });
});

describe('Anthropic provider on recorded streams', () => {
  async function replay(fixtures: string[], options?: ReplayOptions) {
    server = await startReplayServer(fixtures, options);
    const chat = createAnthropicProvider({ endpoint: 'anthropic', apiKey: 'sk-ant-test', baseURL: server.url, maxRetries: 0 });
    return collect(chat.stream(chatRequest({ model: 'claude-sonnet-4-6' })));
  }

  it('streams the text and ends with end_turn as a stop', async () => {
    const { events, error } = await replay(['anthropic/text.sse']);
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('Bonjour à tous');
    expect(events.slice(-2)).toEqual([
      { type: 'usage', promptTokens: 40, completionTokens: 6 },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('streams thinking, then text, and assembles the tool_use input from its JSON pieces', async () => {
    const { events } = await replay(['anthropic/thinking-tool-use.sse']);
    expect(textOf(events, 'think')).toBe('The user wants the weather. I should call get_weather.');
    expect(textOf(events)).toBe('Let me check.');
    expect(events.slice(-3)).toEqual([
      { type: 'usage', promptTokens: 640, completionTokens: 89 },
      { type: 'tool_call', id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather', args: '{"location": "San Francisco, CA"}' },
      { type: 'done', finishReason: 'tool_calls' },
    ]);
  });

  it('ends a reply its safety classifiers stopped as refused, after the partial text', async () => {
    const { events, error } = await replay(['anthropic/refusal.sse']);
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('Here is how you would');
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'refused', reason: "Anthropic's safety systems stopped the reply (refusal)" });
  });

  it('reports max_tokens as length', async () => {
    const { events } = await replay(['anthropic/max-tokens.sse']);
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'length' });
  });

  it('fails a reply that filled the context window as INPUT_LENGTH, naming the stop reason, after the text', async () => {
    const { events, error } = await replay(['anthropic/context-window-exceeded.sse']);
    expect(textOf(events)).toBe('In summary, the');
    expect(error).toMatchObject({ type: 'INPUT_LENGTH', message: "The reply filled the model's context window (model_context_window_exceeded)" });
  });

  it('fails a stop reason it does not know, naming it, rather than calling the reply finished', async () => {
    const { error } = await replay(['anthropic/max-tokens.sse'], { edit: (text) => text.replace('"stop_reason":"max_tokens"', '"stop_reason":"pause_run"') });
    expect(error).toMatchObject({ type: 'provider_error', message: 'Anthropic stopped the reply (pause_run)' });
  });

  it('surfaces a mid-stream overloaded_error event with Anthropic’s sentence and type', async () => {
    const { events, error } = await replay(['anthropic/overloaded-error.sse']);
    expect(textOf(events)).toBe('one two');
    expect(error).toMatchObject({ type: 'provider_error', message: 'Overloaded (overloaded_error)' });
  });

  it('continues a paused turn by sending the paused assistant content back, and goes on with the reply', async () => {
    const { events, error } = await replay(['anthropic/pause-turn.sse', 'anthropic/pause-turn-resumed.sse']);
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe("I'll check the weather in New York City for you. It is sunny and 22°C in New York today.");
    // Both requests are billed.
    expect(events.slice(-2)).toEqual([
      { type: 'usage', promptTokens: 2679 + 3820, completionTokens: 120 + 14 },
      { type: 'done', finishReason: 'stop' },
    ]);
    const [first, second] = (server?.requests ?? []).map((request) => request.body as { messages: unknown[] });
    expect(second?.messages).toEqual([
      ...(first?.messages ?? []),
      {
        role: 'assistant',
        content: [
          { type: 'text', text: "I'll check the weather in New York City for you." },
          { type: 'server_tool_use', id: 'srvtoolu_014hJH82Qum7Td6UV8gDXThB', name: 'web_search', input: { query: 'weather NYC today' } },
          {
            type: 'web_search_tool_result',
            tool_use_id: 'srvtoolu_014hJH82Qum7Td6UV8gDXThB',
            content: [{ type: 'web_search_result', title: 'Weather in New York City in May 2025', url: 'https://www.timeanddate.com/weather/usa/new-york/historic', encrypted_content: 'EqgfCioIARgBIiQ3YTAwMjY1Mi1mZjM5LTQ1NGUtODgxNC1kNjNjNTk1ZWI3Y', page_age: '2 days ago' }],
          },
        ],
      },
    ]);
  });

  it('ends a turn still paused after its last allowed continuation as incomplete', async () => {
    const { events, error } = await replay(['anthropic/pause-turn.sse']);
    expect(error).toBeUndefined();
    expect(server?.requests).toHaveLength(MAX_PAUSED_TURNS + 1);
    // Each continuation carries everything paused so far.
    expect((server?.requests.at(-1)?.body as { messages: Array<{ content: unknown[] }> }).messages.at(-1)?.content).toHaveLength(3 * MAX_PAUSED_TURNS);
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'incomplete' });
  });
});
