import { BedrockRuntimeClient, ConverseStreamCommand, ModelStreamErrorException, ThrottlingException, type ConverseStreamOutput } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { chatRequest, collect, textOf } from './__fakes__/collect.ts';
import { createBedrockProvider } from './bedrock.ts';
import { ProviderError, type StreamEvent } from './types.ts';

const bedrock = mockClient(BedrockRuntimeClient);
afterEach(() => bedrock.reset());
// The files of a worker share the SDK: a stub left on its prototype would answer bedrock-stream.test.ts.
afterAll(() => bedrock.restore());

const chat = () => createBedrockProvider({ endpoint: 'bedrock', region: 'eu-west-1' });
const claude35 = 'anthropic.claude-3-5-sonnet-20240620-v1:0';

const text = (value: string): ConverseStreamOutput => ({ contentBlockDelta: { contentBlockIndex: 0, delta: { text: value } } });
const stop = (stopReason: 'end_turn' | 'max_tokens' = 'end_turn'): ConverseStreamOutput => ({ messageStop: { stopReason } });
const usage = (inputTokens: number, outputTokens: number): ConverseStreamOutput => ({ metadata: { usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens }, metrics: { latencyMs: 5 } } });

async function* events(list: ConverseStreamOutput[], options: { failAfter?: number; delayMs?: number; onClose?: () => void } = {}): AsyncGenerator<ConverseStreamOutput> {
  try {
    yield { messageStart: { role: 'assistant' } };
    for (const [index, event] of list.entries()) {
      if (index === options.failAfter) throw new ModelStreamErrorException({ message: 'The model stream broke', $metadata: {}, originalStatusCode: 500 });
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      yield event;
    }
  } finally {
    options.onClose?.();
  }
}

function replyWith(list: ConverseStreamOutput[], options?: Parameters<typeof events>[1]) {
  bedrock.on(ConverseStreamCommand).callsFake(() => ({ stream: events(list, options), $metadata: {} }));
}

describe('Bedrock provider', () => {
  it('streams the text in order, then usage from the metadata event and a stop', async () => {
    replyWith([text('Hola'), text(' amigo'), stop(), usage(30, 2)]);
    const { events: out, error } = await collect(chat().stream(chatRequest({ model: claude35 })));
    expect(error).toBeUndefined();
    expect(out).toEqual([
      { type: 'text', text: 'Hola' },
      { type: 'text', text: ' amigo' },
      { type: 'usage', promptTokens: 30, completionTokens: 2 },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('sends the system prompt, turns and inference parameters', async () => {
    replyWith([text('ok'), stop(), usage(1, 1)]);
    await collect(chat().stream(chatRequest({ model: 'meta.llama3-70b-instruct-v1:0', parameters: { temperature: 0.3, topP: 0.9, maxOutputTokens: 700, stop: ['Human:'] } })));
    expect(bedrock.commandCalls(ConverseStreamCommand)[0]?.args[0].input).toEqual({
      modelId: 'meta.llama3-70b-instruct-v1:0',
      system: [{ text: 'You are terse.' }],
      messages: [{ role: 'user', content: [{ text: 'Say hello' }] }],
      inferenceConfig: { maxTokens: 700, temperature: 0.3, topP: 0.9, stopSequences: ['Human:'] },
      additionalModelRequestFields: undefined,
    });
  });

  it('thinks by default on Claude 3.7, without sampling parameters, and streams reasoning as think events', async () => {
    replyWith([{ contentBlockDelta: { contentBlockIndex: 0, delta: { reasoningContent: { text: 'Pondering' } } } }, text('Answer'), stop(), usage(5, 9)]);
    const { events: out } = await collect(chat().stream(chatRequest({ model: 'us.anthropic.claude-3-7-sonnet-20250219-v1:0', parameters: { temperature: 0.5 } })));
    const input = bedrock.commandCalls(ConverseStreamCommand)[0]?.args[0].input;
    expect(input?.inferenceConfig).toEqual({ maxTokens: 8192, temperature: undefined, topP: undefined, stopSequences: undefined });
    expect(input?.additionalModelRequestFields).toEqual({ thinking: { type: 'enabled', budget_tokens: 2000 } });
    expect(textOf(out, 'think')).toBe('Pondering');
    expect(textOf(out)).toBe('Answer');
  });

  it('reports a reply cut by max tokens as length', async () => {
    replyWith([text('cut'), stop('max_tokens'), usage(3, 1)]);
    const { events: out } = await collect(chat().stream(chatRequest({ model: claude35 })));
    expect(out.at(-1)).toEqual({ type: 'done', finishReason: 'length' });
  });


  it('surfaces a mid-stream model error as a provider error after the partial text', async () => {
    replyWith([text('one'), text(' two'), text(' three'), stop()], { failAfter: 2 });
    const { events: out, error } = await collect(chat().stream(chatRequest({ model: claude35 })));
    expect(textOf(out)).toBe('one two');
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ type: 'provider_error', message: 'The model stream broke (ModelStreamErrorException)' });
  });

  it('maps throttling to rate_limited', async () => {
    bedrock.on(ConverseStreamCommand).rejects(new ThrottlingException({ message: 'Too many requests, please wait before trying again.', $metadata: { httpStatusCode: 429 } }));
    const { events: out, error } = await collect(chat().stream(chatRequest({ model: claude35 })));
    expect(out).toEqual([]);
    expect(error).toMatchObject({ type: 'rate_limited', message: 'Too many requests, please wait before trying again. (ThrottlingException)' });
  });

  it('stops reading when aborted and finishes as incomplete', async () => {
    let closed = false;
    replyWith(
      Array.from({ length: 50 }, (_, index) => text(` t${index}`)),
      { delayMs: 10, onClose: () => (closed = true) },
    );
    const controller = new AbortController();
    const out: StreamEvent[] = [];
    for await (const event of chat().stream(chatRequest({ model: claude35, signal: controller.signal }))) {
      out.push(event);
      if (out.length === 2) controller.abort();
    }
    expect(out.filter((event) => event.type === 'text')).toHaveLength(2);
    expect(out.at(-1)).toEqual({ type: 'done', finishReason: 'incomplete' });
    expect(closed).toBe(true);
  });
});
