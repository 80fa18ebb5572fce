import { BedrockRuntimeClient, ConverseStreamCommand, type BedrockRuntimeClientConfig, type ContentBlock, type ConverseStreamCommandInput, type ImageFormat, type Message, type Tool, type ToolUseBlock } from '@aws-sdk/client-bedrock-runtime';
import { claudeOutput } from './claude.ts';
import { dialogue, given, parsedArgs, systemPrompt, type DialogueTurn } from './adapter-kit.ts';
import { bedrockEnding, endWith } from './stop-reasons.ts';
import { ProviderError, type ChatProvider, type GenerateRequest, type StreamEvent, type ToolCallRequest } from './types.ts';

export interface BedrockConnection {
  endpoint: string;
  region: string;
}

const IMAGE_FORMATS: Record<string, ImageFormat> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/gif': 'gif', 'image/webp': 'webp' };

/**
 * The Converse API takes an image's raw bytes and format; it has no detail setting. Calls are
 * `toolUse` blocks after the text, and their results `toolResult` blocks of one user message.
 */
function bedrockMessage(turn: DialogueTurn): Message {
  if (turn.role === 'tool') return { role: 'user', content: turn.results.map((result) => ({ toolResult: { toolUseId: result.toolCallId, content: [{ text: result.content }] } })) };
  const blocks: ContentBlock[] = turn.content.trim() || turn.toolCalls.length === 0 ? [{ text: turn.content }] : [];
  for (const image of turn.images) {
    const format = IMAGE_FORMATS[image.mimeType];
    if (format) blocks.push({ image: { format, source: { bytes: Buffer.from(image.base64, 'base64') } } });
  }
  for (const call of turn.toolCalls) blocks.push({ toolUse: { toolUseId: call.id, name: call.name, input: parsedArgs(call.args) as ToolUseBlock['input'] } });
  return { role: turn.role, content: blocks };
}

export function bedrockInput(request: GenerateRequest): ConverseStreamCommandInput {
  const parameters = request.parameters;
  const system = systemPrompt(request);
  const turns = dialogue(request);
  const messages = turns.map(bedrockMessage);
  const claude = /claude/.test(request.model) ? claudeOutput(request.model, parameters) : undefined;
  // As on Anthropic's API: Claude thinks only before tools were used (the loop keeps no signed thinking blocks).
  const thinkingBudget = turns.some((turn) => turn.role === 'tool') ? undefined : claude?.thinkingBudget;
  const tools = request.tools?.map((tool): Tool => ({ toolSpec: { name: tool.name, description: tool.description, inputSchema: { json: tool.parameters as never } } }));
  const thinking = thinkingBudget !== undefined;
  return {
    modelId: request.model,
    messages,
    system: system === undefined ? undefined : [{ text: system }],
    inferenceConfig: {
      maxTokens: claude?.maxTokens ?? given(parameters.maxOutputTokens, parameters.max_tokens),
      // Claude's thinking fixes the sampling parameters.
      temperature: thinking ? undefined : given(parameters.temperature),
      topP: thinking ? undefined : given(parameters.topP, parameters.top_p),
      stopSequences: given(parameters.stop),
    },
    additionalModelRequestFields: thinking ? { thinking: { type: 'enabled', budget_tokens: thinkingBudget } } : undefined,
    toolConfig: tools?.length ? { tools } : undefined,
  };
}

/**
 * Bedrock runs on the server's AWS credentials, so a refusal there is the operator's problem, never
 * the user's key. Exceptions inside the event stream (throttling, a model stream error) reach here
 * as the SDK throws them; the member sees Bedrock's sentence and its exception's name.
 */
function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (!(error instanceof Error)) return new ProviderError(String(error), 'provider_error');
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const message = error.name && error.name !== 'Error' ? `${error.message} (${error.name})` : error.message;
  if (error.name === 'ThrottlingException' || status === 429) return new ProviderError(message, 'rate_limited', 429);
  if (error.name === 'ValidationException') return new ProviderError(message, 'invalid_request_error', status);
  return new ProviderError(message, 'provider_error', status);
}

/** Amazon Bedrock through the ConverseStream API, with reasoning content as think events. */
export function createBedrockProvider(connection: BedrockConnection, clientConfig: BedrockRuntimeClientConfig = {}): ChatProvider {
  const client = new BedrockRuntimeClient({ region: connection.region, ...clientConfig });
  return {
    endpoint: connection.endpoint,
    async *stream(request: GenerateRequest): AsyncIterable<StreamEvent> {
      let stopReason: string | undefined;
      // Blocks by index: a toolUse block starts with its id and name, then streams its input as JSON text.
      const calls = new Map<number, ToolCallRequest>();
      try {
        const response = await client.send(new ConverseStreamCommand(bedrockInput(request)), { abortSignal: request.signal });
        for await (const event of response.stream ?? []) {
          if (request.signal.aborted) break;
          const started = event.contentBlockStart?.start?.toolUse;
          if (started) calls.set(event.contentBlockStart?.contentBlockIndex ?? calls.size, { id: started.toolUseId ?? '', name: started.name ?? '', args: '' });
          const delta = event.contentBlockDelta?.delta;
          const call = delta?.toolUse ? calls.get(event.contentBlockDelta?.contentBlockIndex ?? -1) : undefined;
          if (call) call.args += delta?.toolUse?.input ?? '';
          if (delta?.text) yield { type: 'text', text: delta.text };
          if (delta?.reasoningContent?.text) yield { type: 'think', text: delta.reasoningContent.text };
          if (event.messageStop) stopReason = event.messageStop.stopReason;
          const usage = event.metadata?.usage;
          if (usage) yield { type: 'usage', promptTokens: usage.inputTokens ?? 0, completionTokens: usage.outputTokens ?? 0 };
        }
      } catch (error) {
        // Whatever fails after the user stopped (an abort error, a cut connection) is the stop itself.
        if (!request.signal.aborted) throw toProviderError(error);
      }
      if (request.signal.aborted || !stopReason) {
        yield { type: 'done', finishReason: 'incomplete' };
        return;
      }
      // A call without arguments streams no input at all.
      const complete = [...calls.values()].map((call) => ({ ...call, args: call.args || '{}' }));
      yield* endWith(bedrockEnding(stopReason), stopReason === 'tool_use' ? complete : []);
    },
  };
}
