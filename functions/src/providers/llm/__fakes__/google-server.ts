import { startSseServer, type FakeReply, type FakeServer } from './sse-server.ts';

export interface FakeGoogleOptions {
  tokens?: string[];
  /** Streamed first as parts marked `thought: true`. */
  thoughts?: string[];
  intervalMs?: number;
  finishReason?: 'STOP' | 'MAX_TOKENS' | 'SAFETY';
  promptTokens?: number;
  /** After this many tokens, send an error chunk instead of the rest. */
  failAfter?: number;
  /** Answer every request with this status and a Google-style error body. */
  status?: 400 | 429 | 500;
  /** After the text, call these functions, each whole in one part (Gemini gives no id), then finish with STOP. */
  functionCalls?: Array<{ name: string; args: Record<string, unknown>; thoughtSignature?: string }>;
}

type FakePart = { text: string; thought?: boolean } | { functionCall: { name: string; args: Record<string, unknown> }; thoughtSignature?: string };

const chunk = (parts: FakePart[], extra: Record<string, unknown> = {}) => ({
  candidates: [{ content: { parts, role: 'model' }, index: 0, ...extra }],
  modelVersion: 'gemini-fake',
});

/** A local Gemini API answering `POST /v1beta/models/{model}:streamGenerateContent?alt=sse`. */
export function startFakeGoogle(options: FakeGoogleOptions = {}): Promise<FakeServer> {
  const tokens = options.tokens ?? ['Hello', ' there', '!'];
  const thoughts = options.thoughts ?? [];
  return startSseServer((request): FakeReply => {
    if (request.method !== 'POST' || !/^\/v1beta\/models\/[^/]+:streamGenerateContent\?alt=sse$/.test(request.path)) {
      return { status: 404, json: { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } } };
    }
    if (options.status) {
      const [message, status] =
        options.status === 400 ? ['API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT'] : options.status === 429 ? ['Resource has been exhausted (e.g. check quota).', 'RESOURCE_EXHAUSTED'] : ['Internal error encountered.', 'INTERNAL'];
      const details = options.status === 400 ? [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }] : [];
      return { status: options.status, json: { error: { code: options.status, message, status, details } } };
    }
    const frames: Array<{ data: unknown }> = thoughts.map((text) => ({ data: chunk([{ text, thought: true }]) }));
    for (const [index, text] of tokens.entries()) {
      if (index === options.failAfter) {
        frames.push({ data: { error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' } } });
        return { frames, intervalMs: options.intervalMs };
      }
      frames.push({ data: chunk([{ text }]) });
    }
    for (const { name, args, thoughtSignature } of options.functionCalls ?? []) frames.push({ data: chunk([{ functionCall: { name, args }, ...(thoughtSignature ? { thoughtSignature } : {}) }]) });
    const usageMetadata = { promptTokenCount: options.promptTokens ?? 9, candidatesTokenCount: tokens.length, thoughtsTokenCount: thoughts.length || undefined };
    frames.push({ data: { ...chunk([{ text: '' }], { finishReason: options.finishReason ?? 'STOP' }), usageMetadata } });
    return { frames, intervalMs: options.intervalMs };
  });
}
