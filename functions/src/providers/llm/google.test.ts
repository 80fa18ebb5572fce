import { afterEach, describe, expect, it } from 'vitest';
import { chatRequest, collect, collectUntilStopped, textOf } from './__fakes__/collect.ts';
import { startFakeGoogle, type FakeGoogleOptions } from './__fakes__/google-server.ts';
import { startReplayServer } from './__fakes__/replay-server.ts';
import type { FakeServer } from './__fakes__/sse-server.ts';
import { createGoogleProvider } from './google.ts';
import { ProviderError } from './types.ts';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function provider(options: FakeGoogleOptions = {}) {
  server = await startFakeGoogle(options);
  return createGoogleProvider({ endpoint: 'google', apiKey: 'goog-test', baseURL: server.url });
}

const flash = (overrides: Parameters<typeof chatRequest>[0] = {}) => chatRequest({ model: 'gemini-2.0-flash', ...overrides });

describe('Google provider', () => {
  it('streams the text in order, then usage and a stop', async () => {
    const chat = await provider({ tokens: ['Guten', ' Tag', '!'], promptTokens: 14 });
    const { events, error } = await collect(chat.stream(flash()));
    expect(error).toBeUndefined();
    expect(events.filter((event) => event.type === 'text').map((event) => (event as { text: string }).text)).toEqual(['Guten', ' Tag', '!']);
    expect(events.slice(-2)).toEqual([
      { type: 'usage', promptTokens: 14, completionTokens: 3 },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('sends the turns with the model role, the system instruction, the key and the parameters', async () => {
    const chat = await provider();
    const messages = [...flash().messages, { role: 'assistant' as const, content: 'Hello.' }, { role: 'user' as const, content: 'Again' }];
    await collect(chat.stream(flash({ messages, parameters: { temperature: 0.7, topP: 0.8, topK: 40, maxOutputTokens: 256, stop: ['STOP'] } })));
    const request = server?.requests[0];
    expect(request?.path).toBe('/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse');
    expect(request?.headers['x-goog-api-key']).toBe('goog-test');
    expect(request?.body).toEqual({
      contents: [
        { role: 'user', parts: [{ text: 'Say hello' }] },
        { role: 'model', parts: [{ text: 'Hello.' }] },
        { role: 'user', parts: [{ text: 'Again' }] },
      ],
      systemInstruction: { parts: [{ text: 'You are terse.' }], role: 'user' },
      generationConfig: { temperature: 0.7, topP: 0.8, topK: 40, maxOutputTokens: 256, stopSequences: ['STOP'] },
    });
  });

  it('asks Gemini 2.5 for its thoughts and streams them as think events, counting them as output', async () => {
    const chat = await provider({ thoughts: ['Hmm,', ' greeting.'], tokens: ['Hi'] });
    const { events } = await collect(chat.stream(chatRequest({ model: 'gemini-2.5-flash', parameters: { thinkingBudget: 2048 } })));
    expect(server?.requests[0]?.body).toMatchObject({ generationConfig: { thinkingConfig: { includeThoughts: true, thinkingBudget: 2048 } } });
    expect(textOf(events, 'think')).toBe('Hmm, greeting.');
    expect(textOf(events)).toBe('Hi');
    expect(events.find((event) => event.type === 'usage')).toEqual({ type: 'usage', promptTokens: 9, completionTokens: 3 });
  });

  it('reports a reply cut by the token limit as length', async () => {
    const { events } = await collect((await provider({ finishReason: 'MAX_TOKENS' })).stream(flash()));
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'length' });
  });


  it('surfaces a mid-stream error chunk as a provider error after the partial text', async () => {
    const chat = await provider({ tokens: ['one', ' two', ' three'], failAfter: 2 });
    const { events, error } = await collect(chat.stream(flash()));
    expect(textOf(events)).toBe('one two');
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ type: 'google_error', status: 503, message: 'The model is overloaded. Please try again later.' });
  });

  it.each([
    [400, 'invalid_user_key', 'API key not valid. Please pass a valid API key.'],
    [429, 'rate_limited', 'Resource has been exhausted (e.g. check quota).'],
    [500, 'google_error', 'Internal error encountered.'],
  ] as const)('maps an HTTP %i to %s with Google’s message', async (status, type, message) => {
    const { events, error } = await collect((await provider({ status })).stream(flash()));
    expect(events).toEqual([]);
    expect(error).toMatchObject({ type, status, message });
  });

  it('stops reading when aborted and finishes as incomplete', async () => {
    const chat = await provider({ tokens: Array.from({ length: 50 }, (_, index) => ` t${index}`), intervalMs: 20 });
    const events = await collectUntilStopped((signal) => chat.stream(flash({ signal: signal })), 2);
    expect(events.filter((event) => event.type === 'text')).toHaveLength(2);
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'incomplete' });
    await expect.poll(() => server?.clientClosedEarly).toBe(true);
  });
});

describe('Google provider on recorded streams', () => {
  /** Gemini's own line ends (CRLF); `reason` puts another finishReason into the same recorded shape. */
  async function replay(fixture: string, reason?: string) {
    server = await startReplayServer([fixture], { crlf: true, edit: reason ? (text) => text.replace(/"finishReason": "\w+"/, `"finishReason": "${reason}"`) : undefined });
    return collect(createGoogleProvider({ endpoint: 'google', apiKey: 'goog-test', baseURL: server.url }).stream(flash()));
  }

  it('streams the text with the running usage and ends with STOP as a stop', async () => {
    const { events, error } = await replay('google/text.sse');
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('Guten Tag!');
    expect(events.slice(-2)).toEqual([
      { type: 'usage', promptTokens: 14, completionTokens: 3 },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('streams thought parts as thinking and takes the whole function call with its signature', async () => {
    const { events } = await replay('google/thinking-function-call.sse');
    expect(textOf(events, 'think')).toBe('**Checking the forecast**\n\nThe user wants Paris weather.');
    expect(events.slice(-3)).toEqual([
      { type: 'usage', promptTokens: 61, completionTokens: 63 },
      { type: 'tool_call', id: 'call_0', name: 'get_weather', args: '{"city":"Paris"}', signature: 'CiQBVKhc7wRk0uZ3+fRpWbN9yE9JQzvN4qbF5xA8Q0pD8N0aKgEKdgFUqFzvOQ==' },
      { type: 'done', finishReason: 'tool_calls' },
    ]);
  });

  it('ends a reply its safety filters stopped as refused, after the partial text', async () => {
    const { events, error } = await replay('google/safety.sse');
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('First, you');
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'refused', reason: "Gemini's safety filters blocked the reply (SAFETY)" });
  });

  it('ends a prompt Gemini blocked outright as refused, naming the block reason', async () => {
    const { events, error } = await replay('google/prompt-blocked.sse');
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: 'usage', promptTokens: 8, completionTokens: 0 },
      { type: 'done', finishReason: 'refused', reason: 'Gemini blocked the prompt (SAFETY)' },
    ]);
  });

  it('fails a malformed function call as a google_error naming the reason', async () => {
    const { error } = await replay('google/malformed-function-call.sse');
    expect(error).toMatchObject({ type: 'google_error', message: 'Gemini wrote a function call it could not complete (MALFORMED_FUNCTION_CALL)' });
  });

  it('reports MAX_TOKENS as length', async () => {
    const { events } = await replay('google/max-tokens.sse');
    expect(textOf(events)).toBe('Once upon a time');
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'length' });
  });

  it.each(['RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY'])('ends %s as refused, naming it', async (reason) => {
    const { events, error } = await replay('google/safety.sse', reason);
    expect(error).toBeUndefined();
    expect(events.at(-1)).toMatchObject({ type: 'done', finishReason: 'refused', reason: expect.stringContaining(`(${reason})`) });
  });

  it.each(['OTHER', 'LANGUAGE', 'UNEXPECTED_TOOL_CALL', 'TOO_MANY_TOOL_CALLS', 'FINISH_REASON_UNSPECIFIED', 'SOMETHING_NEW'])('fails %s as a google_error naming it', async (reason) => {
    const { events, error } = await replay('google/safety.sse', reason);
    expect(textOf(events)).toBe('First, you');
    expect(error).toMatchObject({ type: 'google_error', message: expect.stringContaining(`(${reason})`) });
  });

  it('surfaces a mid-stream error object with Google’s sentence and status', async () => {
    const { events, error } = await replay('google/overloaded-error.sse');
    expect(textOf(events)).toBe('one two');
    expect(error).toMatchObject({ type: 'google_error', status: 503, message: 'The model is overloaded. Please try again later.' });
  });
});
