import { startSseServer, type FakeReply, type FakeServer } from './sse-server.ts';

export interface FakeOpenAIOptions {
  tokens?: string[];
  /** Tokens chosen per request from its JSON body, for a fake that answers different prompts differently. */
  reply?: (body: unknown) => string[];
  /** Sent before the tokens as `reasoning_content` deltas, as DeepSeek-style servers do. */
  reasoning?: string[];
  intervalMs?: number;
  finishReason?: 'stop' | 'length' | 'content_filter';
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** After this many tokens, send an error chunk instead of the rest. */
  failAfter?: number;
  /** After this many tokens, drop the connection. */
  dropAfter?: number;
  /** Answer every request with this status and an OpenAI-style error body. */
  status?: 401 | 429 | 500;
}

const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
  id: 'chatcmpl-fake',
  object: 'chat.completion.chunk',
  created: 1_700_000_000,
  model: 'fake-model',
  choices: [{ index: 0, delta, finish_reason: finishReason }],
});

/** A local OpenAI-compatible server answering `POST /v1/chat/completions` with streamed chunks. */
export function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeServer> {
  return startSseServer((request): FakeReply => {
    const tokens = options.reply?.(request.body) ?? options.tokens ?? ['Hello', ' there', ',', ' friend', '!'];
    if (request.method !== 'POST' || !request.path.includes('/chat/completions')) return { status: 404, json: { error: { message: 'Not found' } } };
    if (options.status) {
      const message = options.status === 401 ? 'Incorrect API key provided' : options.status === 429 ? 'Rate limit reached for requests' : 'The server had an error';
      return { status: options.status, json: { error: { message, type: 'error', code: null } } };
    }
    const frames: Array<{ data: unknown }> = [{ data: chunk({ role: 'assistant', content: '' }) }];
    for (const text of options.reasoning ?? []) frames.push({ data: chunk({ reasoning_content: text }) });
    for (const [index, text] of tokens.entries()) {
      if (index === options.failAfter) {
        frames.push({ data: { error: { message: 'The upstream model crashed', type: 'server_error' } } });
        break;
      }
      frames.push({ data: chunk({ content: text }) });
    }
    frames.push({ data: chunk({}, options.finishReason ?? 'stop') });
    const usage = options.usage ?? { prompt_tokens: 12, completion_tokens: tokens.length };
    frames.push({ data: { ...chunk({}), choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } });
    frames.push({ data: '[DONE]' });
    const dropAfter = options.dropAfter === undefined ? undefined : 1 + (options.reasoning?.length ?? 0) + options.dropAfter;
    return { frames, intervalMs: options.intervalMs, dropAfter };
  });
}
