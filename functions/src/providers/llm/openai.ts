import OpenAI, { AzureOpenAI } from 'openai';
import { isOpenAIReasoningModel } from '@meld/shared';
import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { errorFromStatus, given } from './adapter-kit.ts';
import { ProviderError, type ChatProvider, type ChatTurn, type GenerateRequest, type StreamEvent } from './types.ts';

/** Where an OpenAI-protocol endpoint lives: OpenAI itself, any compatible server, or an Azure resource. */
export type OpenAIConnection =
  | { kind: 'openAI' | 'custom'; endpoint: string; apiKey: string; baseURL?: string }
  | { kind: 'azureOpenAI'; endpoint: string; apiKey: string; azureEndpoint: string; apiVersion: string };

export interface OpenAIProviderOptions {
  /** Retries of 429 and 5xx before the first token; the SDK's default is 2. */
  maxRetries?: number;
}

/** OpenAI-compatible servers stream reasoning under one of these non-standard delta fields. */
type Delta = ChatCompletionChunk.Choice.Delta & { reasoning_content?: string | null; reasoning?: string | null };

function client(connection: OpenAIConnection, options: OpenAIProviderOptions): OpenAI {
  const common = { apiKey: connection.apiKey, maxRetries: options.maxRetries };
  if (connection.kind === 'azureOpenAI') return new AzureOpenAI({ ...common, endpoint: connection.azureEndpoint, apiVersion: connection.apiVersion });
  return new OpenAI({ ...common, baseURL: connection.baseURL });
}

/** A user turn with images becomes text and `image_url` parts (data URLs, with the conversation's detail). */
function openAIMessage(turn: ChatTurn): ChatCompletionMessageParam {
  if (turn.role !== 'user' || !turn.images?.length) return { role: turn.role, content: turn.content };
  const images = turn.images.map((image) => ({ type: 'image_url' as const, image_url: { url: `data:${image.mimeType};base64,${image.base64}`, detail: image.detail } }));
  return { role: 'user', content: [{ type: 'text', text: turn.content }, ...images] };
}

export function openAIParams(request: GenerateRequest, kind: OpenAIConnection['kind']): ChatCompletionCreateParamsStreaming {
  const parameters = request.parameters;
  const maxTokens = given(parameters.max_tokens, parameters.maxOutputTokens);
  const common = {
    model: request.model,
    messages: request.messages.map(openAIMessage),
    stream: true as const,
    stream_options: { include_usage: true },
    stop: given(parameters.stop),
  };
  if (kind !== 'custom' && isOpenAIReasoningModel(request.model)) {
    const effort = given(parameters.reasoning_effort) as ChatCompletionCreateParamsStreaming['reasoning_effort'];
    return { ...common, max_completion_tokens: maxTokens, reasoning_effort: effort };
  }
  return {
    ...common,
    temperature: given(parameters.temperature),
    top_p: given(parameters.top_p, parameters.topP),
    presence_penalty: given(parameters.presence_penalty),
    frequency_penalty: given(parameters.frequency_penalty),
    max_tokens: maxTokens,
  };
}

function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof OpenAI.APIError) return errorFromStatus(error.status, error.message);
  return new ProviderError(error instanceof Error ? error.message : String(error), 'provider_error');
}

/** OpenAI, Azure OpenAI and custom endpoints through the `openai` SDK's streaming chat completions. */
export function createOpenAIProvider(connection: OpenAIConnection, options: OpenAIProviderOptions = {}): ChatProvider {
  const openai = client(connection, options);
  return {
    endpoint: connection.endpoint,
    async *stream(request: GenerateRequest): AsyncIterable<StreamEvent> {
      let finishReason: string | null = null;
      try {
        const stream = await openai.chat.completions.create(openAIParams(request, connection.kind), { signal: request.signal });
        for await (const chunk of stream) {
          const choice = chunk.choices[0];
          const delta = choice?.delta as Delta | undefined;
          const reasoning = delta?.reasoning_content ?? delta?.reasoning;
          if (reasoning) yield { type: 'think', text: reasoning };
          if (delta?.content) yield { type: 'text', text: delta.content };
          if (choice?.finish_reason) finishReason = choice.finish_reason;
          if (chunk.usage) yield { type: 'usage', promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
        }
      } catch (error) {
        // Whatever fails after the user stopped (an abort error, a cut connection) is the stop itself.
        if (!request.signal.aborted) throw toProviderError(error);
      }
      if (finishReason === 'content_filter') throw new ProviderError("The provider's content filter stopped the reply", 'moderation');
      if (request.signal.aborted || finishReason === null) yield { type: 'done', finishReason: 'incomplete' };
      else yield { type: 'done', finishReason: finishReason === 'length' ? 'length' : 'stop' };
    },
  };
}
