import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { APIError } from '@anthropic-ai/sdk/core/error';
import { Messages, type MessageCreateParamsStreaming, type MessageParam } from '@anthropic-ai/sdk/resources/messages/messages';
import { claudeOutput } from './claude.ts';
import { dialogue, errorFromStatus, given, systemPrompt } from './adapter-kit.ts';
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

/** Images go before the text in a turn, as Anthropic's vision guide advises; Claude has no detail setting. */
function anthropicMessages(request: GenerateRequest): MessageParam[] {
  return dialogue(request).map(({ role, content, images }) => {
    if (images.length === 0) return { role, content };
    const blocks = images.map((image) => ({ type: 'image' as const, source: { type: 'base64' as const, media_type: image.mimeType as ImageMediaType, data: image.base64 } }));
    return { role, content: [...blocks, { type: 'text' as const, text: content }] };
  });
}

/**
 * API version 2026-10-21 (sent by SDK 1.x) rejects temperature, top_p and top_k with a 400, so the
 * sampling parameters are not sent; max tokens, stop sequences and thinking are.
 */
export function anthropicParams(request: GenerateRequest): MessageCreateParamsStreaming {
  const { maxTokens, thinkingBudget } = claudeOutput(request.model, request.parameters);
  return {
    model: request.model,
    stream: true,
    max_tokens: maxTokens,
    messages: anthropicMessages(request),
    system: systemPrompt(request),
    stop_sequences: given(request.parameters.stop),
    thinking: thinkingBudget ? { type: 'enabled', budget_tokens: thinkingBudget } : undefined,
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
      try {
        const stream = await anthropic.messages.create(anthropicParams(request), { signal: request.signal });
        for await (const event of stream) {
          if (event.type === 'message_start') {
            const usage = event.message.usage;
            promptTokens = usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
          } else if (event.type === 'content_block_delta') {
            if (event.delta.type === 'text_delta') yield { type: 'text', text: event.delta.text };
            else if (event.delta.type === 'thinking_delta') yield { type: 'think', text: event.delta.thinking };
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
      if (request.signal.aborted || stopReason === null) yield { type: 'done', finishReason: 'incomplete' };
      else yield { type: 'done', finishReason: stopReason === 'max_tokens' ? 'length' : 'stop' };
    },
  };
}
