import { afterEach, describe, expect, it } from 'vitest';
import { startFakeBedrock, type FakeBedrock } from './__fakes__/bedrock-server.ts';
import { chatRequest, collect, textOf } from './__fakes__/collect.ts';
import { createBedrockProvider } from './bedrock.ts';

/**
 * The Bedrock adapter on recorded ConverseStream replies, decoded by the real SDK from the AWS
 * event stream encoding (bedrock.test.ts checks the request it sends, with the client mocked).
 */
let server: FakeBedrock | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function replay(fixture: string) {
  server = await startFakeBedrock(fixture);
  const chat = createBedrockProvider({ endpoint: 'bedrock', region: 'eu-west-1' }, { endpoint: server.url, credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' }, maxAttempts: 1 });
  return collect(chat.stream(chatRequest({ model: 'anthropic.claude-sonnet-4-20250514-v1:0' })));
}

describe('Bedrock provider on recorded streams', () => {
  it('streams the text, then the metadata usage, and ends with end_turn as a stop', async () => {
    const { events, error } = await replay('bedrock/text.json');
    expect(error).toBeUndefined();
    expect(server?.requests[0]?.path).toBe('/model/anthropic.claude-sonnet-4-20250514-v1%3A0/converse-stream');
    expect(events).toEqual([
      { type: 'text', text: 'Hola' },
      { type: 'text', text: ' amigo' },
      { type: 'usage', promptTokens: 30, completionTokens: 2 },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('streams reasoning as thinking and assembles the tool call from its input pieces', async () => {
    const { events } = await replay('bedrock/thinking-tool-use.json');
    expect(textOf(events, 'think')).toBe('They want the weather; call get_weather.');
    expect(textOf(events)).toBe('Checking.');
    expect(events.slice(-2)).toEqual([
      { type: 'tool_call', id: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q', name: 'get_weather', args: '{"city": "Lyon"}' },
      { type: 'done', finishReason: 'tool_calls' },
    ]);
  });

  it('ends a reply a guardrail stopped as refused, keeping the guardrail’s message', async () => {
    const { events, error } = await replay('bedrock/guardrail-intervened.json');
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('Sorry, the model cannot answer this question.');
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'refused', reason: 'A Bedrock guardrail stopped the reply (guardrail_intervened)' });
  });

  it('fails a reply that filled the context window as INPUT_LENGTH, naming the stop reason', async () => {
    const { events, error } = await replay('bedrock/context-window-exceeded.json');
    expect(textOf(events)).toBe('To conclude, the');
    expect(error).toMatchObject({ type: 'INPUT_LENGTH', message: "The reply filled the model's context window (model_context_window_exceeded)" });
  });

  it('surfaces a throttling exception inside the stream as rate_limited, after the partial text', async () => {
    const { events, error } = await replay('bedrock/throttling-exception.json');
    expect(textOf(events)).toBe('one two');
    expect(error).toMatchObject({ type: 'rate_limited', message: 'Too many tokens, please wait before trying again. (ThrottlingException)' });
  });

  it('surfaces a model stream error inside the stream with Bedrock’s sentence', async () => {
    const { events, error } = await replay('bedrock/model-stream-error.json');
    expect(textOf(events)).toBe('one two');
    expect(error).toMatchObject({ type: 'provider_error', message: 'The model stream broke (ModelStreamErrorException)' });
  });
});
