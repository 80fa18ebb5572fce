import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { APIError } from '@anthropic-ai/sdk/core/error';
import { Messages, type ContentBlockParam, type MessageCreateParamsStreaming, type MessageParam } from '@anthropic-ai/sdk/resources/messages/messages';
import { claudeOutput } from './claude.ts';
import { dialogue, errorFromStatus, given, parsedArgs, systemPrompt, type DialogueTurn } from './adapter-kit.ts';
import { ProviderError, type ChatProvider, type GenerateRequest, type StreamEvent, type ToolCallRequest } from './types.ts';

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

function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof APIError) return errorFromStatus(error.status, error.message);
  return new ProviderError(error instanceof Error ? error.message : String(error), 'provider_error');
}

/** Anthropic's Messages API through `@anthropic-ai/sdk`, with thinking streamed as think events. */
export function createAnthropicProvider(connection: AnthropicConnection): ChatProvider {
  const anthropic = new MessagesClient({ apiKey: connection.apiKey, baseURL: connection.baseURL, maxRetries: connection.maxRetries });
  return {
    endpoint: connection.endpoint,
    async *stream(request: GenerateRequest): AsyncIterable<StreamEvent> {
      let stopReason: string | null = null;
      let promptTokens = 0;
      let completionTokens: number | undefined;
      // Blocks by index: a tool_use block's arguments arrive as pieces of JSON.
      const calls = new Map<number, ToolCallRequest>();
      try {
        const stream = await anthropic.messages.create(anthropicParams(request), { signal: request.signal });
        for await (const event of stream) {
          if (event.type === 'message_start') {
            const usage = event.message.usage;
            promptTokens = usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
          } else if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
            calls.set(event.index, { id: event.content_block.id, name: event.content_block.name, args: '' });
          } else if (event.type === 'content_block_delta') {
            if (event.delta.type === 'text_delta') yield { type: 'text', text: event.delta.text };
            else if (event.delta.type === 'thinking_delta') yield { type: 'think', text: event.delta.thinking };
            else if (event.delta.type === 'input_json_delta') {
              const call = calls.get(event.index);
              if (call) call.args += event.delta.partial_json;
            }
          } else if (event.type === 'message_delta') {
            // output_tokens here is the running total for the whole reply.
            completionTokens = event.usage.output_tokens;
            stopReason = event.delta.stop_reason ?? stopReason;
          }
        }
      } catch (error) {
        // Whatever fails after the user stopped (an abort error, a cut connection) is the stop itself.
        if (!request.signal.aborted) throw toProviderError(error);
      }
      if (completionTokens !== undefined) yield { type: 'usage', promptTokens, completionTokens };
      if (stopReason === 'refusal') throw new ProviderError('The model declined to continue this reply', 'moderation');
      if (request.signal.aborted || stopReason === null) {
        yield { type: 'done', finishReason: 'incomplete' };
        return;
      }
      if (stopReason === 'tool_use' && calls.size) {
        // A call without arguments streams no JSON at all.
        for (const call of calls.values()) yield { type: 'tool_call', ...call, args: call.args || '{}' };
        yield { type: 'done', finishReason: 'tool_calls' };
      } else yield { type: 'done', finishReason: stopReason === 'max_tokens' ? 'length' : 'stop' };
    },
  };
}
