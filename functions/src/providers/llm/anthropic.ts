import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { APIError } from '@anthropic-ai/sdk/core/error';
import { Messages, type ContentBlockParam, type MessageCreateParamsStreaming, type MessageParam } from '@anthropic-ai/sdk/resources/messages/messages';
import { claudeOutput } from './claude.ts';
import { StreamedBlocks } from './anthropic-blocks.ts';
import { dialogue, errorFromStatus, given, parsedArgs, systemPrompt, type DialogueTurn } from './adapter-kit.ts';
import { anthropicEnding, endWith } from './stop-reasons.ts';
import { ProviderError, type ChatProvider, type GenerateRequest, type StreamEvent } from './types.ts';

export interface AnthropicConnection {
  endpoint: string;
  apiKey: string;
  baseURL?: string;
  /** Retries of 429, 529 and 5xx before the first token; the SDK's default is 2. */
  maxRetries?: number;
}

/** The SDK's client with the Messages API only: the full `Anthropic` class bundles every resource, about 300 KB more. */
class MessagesClient extends BaseAnthropic {
  messages = new Messages(this);
}

type ImageMediaType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

/**
 * Images go before the text in a turn, as Anthropic's vision guide advises; Claude has no detail
 * setting. Tool calls are `tool_use` blocks after the text; their results `tool_result` blocks of one user turn.
 */
function anthropicMessage(turn: DialogueTurn): MessageParam {
  if (turn.role === 'tool') return { role: 'user', content: turn.results.map((result) => ({ type: 'tool_result', tool_use_id: result.toolCallId, content: result.content })) };
  const { role, content, images, toolCalls } = turn;
  if (images.length === 0 && toolCalls.length === 0) return { role, content };
  const blocks: ContentBlockParam[] = images.map((image) => ({ type: 'image', source: { type: 'base64', media_type: image.mimeType as ImageMediaType, data: image.base64 } }));
  if (content.trim()) blocks.push({ type: 'text', text: content });
  for (const call of toolCalls) blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: parsedArgs(call.args) });
  return { role, content: blocks };
}

/**
 * API version 2026-10-21 (sent by SDK 1.x) rejects temperature, top_p and top_k with a 400, so the
 * sampling parameters are not sent; max tokens, stop sequences and thinking are.
 */
export function anthropicParams(request: GenerateRequest): MessageCreateParamsStreaming {
  const { maxTokens, thinkingBudget } = claudeOutput(request.model, request.parameters);
  const turns = dialogue(request);
  // Thinking with tools needs each call's signed thinking block sent back; the loop keeps none, so it thinks only before tools were used.
  const usedTools = turns.some((turn) => turn.role === 'tool');
  return {
    model: request.model,
    stream: true,
    max_tokens: maxTokens,
    messages: turns.map(anthropicMessage),
    system: systemPrompt(request),
    stop_sequences: given(request.parameters.stop),
    thinking: thinkingBudget && !usedTools ? { type: 'enabled', budget_tokens: thinkingBudget } : undefined,
    tools: request.tools?.length ? request.tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.parameters as { type: 'object' } })) : undefined,
  };
}

/** Anthropic's error types (an HTTP error's body, or a mid-stream `error` event) mapped to the catalogue. */
const ERROR_TYPES: Record<string, { type: ProviderError['type']; status: number }> = {
  authentication_error: { type: 'invalid_user_key', status: 401 },
  permission_error: { type: 'invalid_user_key', status: 403 },
  rate_limit_error: { type: 'rate_limited', status: 429 },
};

/** The provider's own sentence and error type, e.g. "Overloaded (overloaded_error)", rather than the body's JSON. */
function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (!(error instanceof APIError)) return new ProviderError(error instanceof Error ? error.message : String(error), 'provider_error');
  const message = error.apiMessage ? `${error.apiMessage}${error.type ? ` (${error.type})` : ''}` : error.message;
  if (error.status !== undefined) return errorFromStatus(error.status, message);
  const known = error.type ? ERROR_TYPES[error.type] : undefined;
  return new ProviderError(message, known?.type ?? 'provider_error', known?.status);
}

/** How many times one reply continues a paused turn before it ends as incomplete (the member may Continue). */
export const MAX_PAUSED_TURNS = 5;

/** What one request streamed: its stop reason, usage and content blocks. */
interface Round {
  stopReason: string | null;
  promptTokens: number;
  completionTokens?: number;
  blocks: StreamedBlocks;
}

/** Streams one request's text and thinking as events, and answers what it ended with. */
async function* streamRound(anthropic: MessagesClient, params: MessageCreateParamsStreaming, signal: AbortSignal): AsyncGenerator<StreamEvent, Round> {
  const round: Round = { stopReason: null, promptTokens: 0, blocks: new StreamedBlocks() };
  const stream = await anthropic.messages.create(params, { signal });
  for await (const event of stream) {
    round.blocks.add(event);
    if (event.type === 'message_start') {
      const usage = event.message.usage;
      round.promptTokens = usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
    } else if (event.type === 'content_block_delta') {
      if (event.delta.type === 'text_delta') yield { type: 'text', text: event.delta.text };
      else if (event.delta.type === 'thinking_delta') yield { type: 'think', text: event.delta.thinking };
    } else if (event.type === 'message_delta') {
      // output_tokens here is the running total for the whole response.
      round.completionTokens = event.usage.output_tokens;
      round.stopReason = event.delta.stop_reason ?? round.stopReason;
    }
  }
  return round;
}

/**
 * Anthropic's Messages API through `@anthropic-ai/sdk`, with thinking streamed as think events. A
 * turn the API paused (`pause_turn`, server tools) is continued as Anthropic documents: the same
 * conversation is sent again with the paused assistant content appended, and the reply goes on.
 */
export function createAnthropicProvider(connection: AnthropicConnection): ChatProvider {
  const anthropic = new MessagesClient({ apiKey: connection.apiKey, baseURL: connection.baseURL, maxRetries: connection.maxRetries });
  return {
    endpoint: connection.endpoint,
    async *stream(request: GenerateRequest): AsyncIterable<StreamEvent> {
      const params = anthropicParams(request);
      const paused: ContentBlockParam[] = [];
      let usage: { promptTokens: number; completionTokens: number } | undefined;
      let round: Round | undefined;
      try {
        for (let pauses = 0; ; pauses++) {
          const messages: MessageParam[] = paused.length ? [...params.messages, { role: 'assistant', content: paused }] : params.messages;
          round = yield* streamRound(anthropic, { ...params, messages }, request.signal);
          // Each request is billed on its own, the resent content included.
          if (round.completionTokens !== undefined) usage = { promptTokens: (usage?.promptTokens ?? 0) + round.promptTokens, completionTokens: (usage?.completionTokens ?? 0) + round.completionTokens };
          if (round.stopReason !== 'pause_turn' || pauses === MAX_PAUSED_TURNS || request.signal.aborted) break;
          paused.push(...round.blocks.content());
        }
      } catch (error) {
        // Whatever fails after the user stopped (an abort error, a cut connection) is the stop itself.
        if (!request.signal.aborted) throw toProviderError(error);
      }
      if (usage) yield { type: 'usage', ...usage };
      const stopReason = round?.stopReason ?? null;
      if (request.signal.aborted || stopReason === null || stopReason === 'pause_turn') {
        yield { type: 'done', finishReason: 'incomplete' };
        return;
      }
      yield* endWith(anthropicEnding(stopReason), stopReason === 'tool_use' ? (round?.blocks.calls() ?? []) : []);
    },
  };
}
