import OpenAI, { AzureOpenAI } from 'openai';
import { isOpenAIReasoningModel } from '@meld/shared';
import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { CONNECTION_LOST_MESSAGE, errorFromStatus, given, isConnectionLost } from './adapter-kit.ts';
import { endWith, openAIEnding } from './stop-reasons.ts';
import { ProviderError, type ChatProvider, type ChatTurn, type GenerateRequest, type StreamEvent, type ToolCallRequest } from './types.ts';

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

/**
 * A user turn with images becomes text and `image_url` parts (data URLs, with the conversation's
 * detail); an assistant turn's tool calls and a tool turn's result take their own message shapes.
 */
function openAIMessage(turn: ChatTurn): ChatCompletionMessageParam {
  if (turn.role === 'tool') return { role: 'tool', tool_call_id: turn.toolCallId ?? '', content: turn.content };
  if (turn.role === 'assistant' && turn.toolCalls?.length) {
    const calls = turn.toolCalls.map((call) => ({ id: call.id, type: 'function' as const, function: { name: call.name, arguments: call.args } }));
    return { role: 'assistant', content: turn.content || null, tool_calls: calls };
  }
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
    tools: request.tools?.length ? request.tools.map((tool): ChatCompletionTool => ({ type: 'function', function: tool })) : undefined,
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
  if (isConnectionLost(error)) return new ProviderError(CONNECTION_LOST_MESSAGE, 'provider_error');
  return new ProviderError(error instanceof Error ? error.message : String(error), 'provider_error');
}

/** Tool-call deltas name their call by index: the first carries the id and name, the rest pieces of the arguments. */
function accumulate(calls: ToolCallRequest[], deltas: Array<Pick<ChatCompletionChunk.Choice.Delta.ToolCall, 'index' | 'id' | 'function'>>): void {
  for (const delta of deltas) {
    const call = (calls[delta.index] ??= { id: '', name: '', args: '' });
    if (delta.id) call.id = delta.id;
    if (delta.function?.name) call.name += delta.function.name;
    if (delta.function?.arguments) call.args += delta.function.arguments;
  }
}

/** OpenAI, Azure OpenAI and custom endpoints through the `openai` SDK's streaming chat completions. */
export function createOpenAIProvider(connection: OpenAIConnection, options: OpenAIProviderOptions = {}): ChatProvider {
  const openai = client(connection, options);
  return {
    endpoint: connection.endpoint,
    async *stream(request: GenerateRequest): AsyncIterable<StreamEvent> {
      let finishReason: string | null = null;
      let refused = false;
      const calls: ToolCallRequest[] = [];
      try {
        const stream = await openai.chat.completions.create(openAIParams(request, connection.kind), { signal: request.signal });
        for await (const chunk of stream) {
          // Azure's first chunk (prompt_filter_results) and the usage chunk have no choices.
          const choice = chunk.choices[0];
          const delta = choice?.delta as Delta | undefined;
          const reasoning = delta?.reasoning_content ?? delta?.reasoning;
          if (reasoning) yield { type: 'think', text: reasoning };
          if (delta?.content) yield { type: 'text', text: delta.content };
          // A refusal streams in its own field with content null; its opening chunk carries "".
          if (delta?.refusal) {
            refused = true;
            yield { type: 'refusal', text: delta.refusal };
          }
          if (delta?.tool_calls) accumulate(calls, delta.tool_calls);
          // The legacy `functions` protocol streams its one call under function_call.
          if (delta?.function_call) accumulate(calls, [{ index: 0, function: delta.function_call }]);
          if (choice?.finish_reason) finishReason = choice.finish_reason;
          if (chunk.usage) yield { type: 'usage', promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
        }
      } catch (error) {
        // Whatever fails after the user stopped (an abort error, a cut connection) is the stop itself.
        if (!request.signal.aborted) throw toProviderError(error);
      }
      if (request.signal.aborted || finishReason === null) {
        yield { type: 'done', finishReason: 'incomplete' };
        return;
      }
      const ending = openAIEnding(finishReason);
      // A refusal ends with finish_reason `stop`: the refusal is the reply.
      if (refused && ending.kind === 'finished') {
        yield { type: 'done', finishReason: 'refused' };
        return;
      }
      // Some compatible servers end a tool-calling reply with 'stop'; the calls themselves decide.
      const complete = calls.filter((call) => call.name).map((call, index) => ({ ...call, id: call.id || `call_${index}` }));
      yield* endWith(ending, complete);
    },
  };
}
