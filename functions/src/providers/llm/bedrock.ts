import { BedrockRuntimeClient, ConverseStreamCommand, type ContentBlock, type ConverseStreamCommandInput, type ImageFormat, type Message } from '@aws-sdk/client-bedrock-runtime';
import { claudeOutput } from './claude.ts';
import { dialogue, given, systemPrompt } from './adapter-kit.ts';
import { ProviderError, type ChatImage, type ChatProvider, type GenerateRequest, type StreamEvent } from './types.ts';

export interface BedrockConnection {
  endpoint: string;
  region: string;
}

const blockedReasons = new Set(['guardrail_intervened', 'content_filtered']);

const IMAGE_FORMATS: Record<string, ImageFormat> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/gif': 'gif', 'image/webp': 'webp' };

/** The Converse API takes an image's raw bytes and format; it has no detail setting. */
function bedrockContent(content: string, images: ChatImage[]): ContentBlock[] {
  const blocks: ContentBlock[] = [{ text: content }];
  for (const image of images) {
    const format = IMAGE_FORMATS[image.mimeType];
    if (format) blocks.push({ image: { format, source: { bytes: Buffer.from(image.base64, 'base64') } } });
  }
  return blocks;
}

export function bedrockInput(request: GenerateRequest): ConverseStreamCommandInput {
  const parameters = request.parameters;
  const system = systemPrompt(request);
  const messages: Message[] = dialogue(request).map((turn) => ({ role: turn.role, content: bedrockContent(turn.content, turn.images) }));
  const claude = /claude/.test(request.model) ? claudeOutput(request.model, parameters) : undefined;
  const thinkingBudget = claude?.thinkingBudget;
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
  };
}

/** Bedrock runs on the server's AWS credentials, so a refusal there is the operator's problem, never the user's key. */
function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (!(error instanceof Error)) return new ProviderError(String(error), 'provider_error');
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (error.name === 'ThrottlingException' || status === 429) return new ProviderError(error.message, 'rate_limited', 429);
  return new ProviderError(error.message, 'provider_error', status);
}

/** Amazon Bedrock through the ConverseStream API, with reasoning content as think events. */
export function createBedrockProvider(connection: BedrockConnection): ChatProvider {
  const client = new BedrockRuntimeClient({ region: connection.region });
  return {
    endpoint: connection.endpoint,
    async *stream(request: GenerateRequest): AsyncIterable<StreamEvent> {
      let stopReason: string | undefined;
      try {
        const response = await client.send(new ConverseStreamCommand(bedrockInput(request)), { abortSignal: request.signal });
        for await (const event of response.stream ?? []) {
          if (request.signal.aborted) break;
          const delta = event.contentBlockDelta?.delta;
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
      if (stopReason && blockedReasons.has(stopReason)) throw new ProviderError(`Bedrock stopped the reply (${stopReason})`, 'moderation');
      if (request.signal.aborted || !stopReason) yield { type: 'done', finishReason: 'incomplete' };
      else yield { type: 'done', finishReason: stopReason === 'max_tokens' ? 'length' : 'stop' };
    },
  };
}
