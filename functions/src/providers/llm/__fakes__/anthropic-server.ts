import { startSseServer, type FakeReply, type FakeServer } from './sse-server.ts';

export interface FakeAnthropicOptions {
  tokens?: string[];
  /** Streamed first, in a thinking content block. */
  thinking?: string[];
  intervalMs?: number;
  stopReason?: 'end_turn' | 'max_tokens' | 'stop_sequence' | 'refusal' | 'tool_use';
  inputTokens?: number;
  /** After this many tokens, send an `error` event (overloaded) instead of the rest. */
  failAfter?: number;
  /** Answer every request with this status and an Anthropic-style error body. */
  status?: 401 | 429 | 500;
  /** After the text, call these tools (`tool_use` blocks, input streamed in two JSON pieces) and stop with `tool_use`. */
  toolUses?: Array<{ id: string; name: string; input: Record<string, unknown> }>;
}

function toolUseBlock(index: number, call: { id: string; name: string; input: Record<string, unknown> }): Frame[] {
  const json = JSON.stringify(call.input);
  const half = Math.ceil(json.length / 2);
  return [
    event('content_block_start', { index, content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} } }),
    event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: json.slice(0, half) } }),
    event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: json.slice(half) } }),
    event('content_block_stop', { index }),
  ];
}

type Frame = { event: string; data: unknown };
const event = (type: string, data: Record<string, unknown>): Frame => ({ event: type, data: { type, ...data } });

function contentBlock(index: number, kind: 'text' | 'thinking', pieces: string[], failAfter?: number): Frame[] {
  const start = kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '', signature: '' };
  const frames = [event('content_block_start', { index, content_block: start })];
  for (const [position, piece] of pieces.entries()) {
    if (position === failAfter) return [...frames, event('error', { error: { type: 'overloaded_error', message: 'Overloaded' } })];
    const delta = kind === 'text' ? { type: 'text_delta', text: piece } : { type: 'thinking_delta', thinking: piece };
    frames.push(event('content_block_delta', { index, delta }));
  }
  if (kind === 'thinking') frames.push(event('content_block_delta', { index, delta: { type: 'signature_delta', signature: 'c2lnbmVk' } }));
  return [...frames, event('content_block_stop', { index })];
}

/** A local Anthropic Messages API answering `POST /v1/messages` with its streaming event sequence. */
export function startFakeAnthropic(options: FakeAnthropicOptions = {}): Promise<FakeServer> {
  const tokens = options.tokens ?? ['Hello', ' there', '!'];
  return startSseServer((request): FakeReply => {
    if (request.method !== 'POST' || !request.path.startsWith('/v1/messages')) return { status: 404, json: { type: 'error', error: { type: 'not_found_error', message: 'Not found' } } };
    if (options.status) {
      const [type, message] = options.status === 401 ? ['authentication_error', 'invalid x-api-key'] : options.status === 429 ? ['rate_limit_error', 'Number of requests has exceeded your rate limit'] : ['api_error', 'Internal server error'];
      return { status: options.status, json: { type: 'error', error: { type, message } } };
    }
    const inputTokens = options.inputTokens ?? 25;
    const frames: Frame[] = [
      event('message_start', {
        message: { id: 'msg_fake', type: 'message', role: 'assistant', model: 'claude-fake', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: inputTokens, output_tokens: 1 } },
      }),
      { event: 'ping', data: { type: 'ping' } },
    ];
    const thinking = options.thinking ?? [];
    if (thinking.length > 0) frames.push(...contentBlock(0, 'thinking', thinking));
    const text = contentBlock(thinking.length > 0 ? 1 : 0, 'text', tokens, options.failAfter);
    frames.push(...text);
    const toolUses = options.toolUses ?? [];
    for (const [position, call] of toolUses.entries()) frames.push(...toolUseBlock((thinking.length > 0 ? 2 : 1) + position, call));
    if (options.failAfter === undefined) {
      const outputTokens = thinking.length + tokens.length;
      const stopReason = options.stopReason ?? (toolUses.length ? 'tool_use' : 'end_turn');
      frames.push(event('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: outputTokens } }));
      frames.push(event('message_stop', {}));
    }
    return { frames, intervalMs: options.intervalMs };
  });
}
