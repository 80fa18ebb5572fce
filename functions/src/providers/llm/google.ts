// The web build: API-key auth over fetch, without the Node build's google-auth-library and stream polyfills (about 340 KB).
import { ApiError, GoogleGenAI, MediaResolution, type Content, type GenerateContentParameters, type Part } from '@google/genai/web';
import { dialogue, errorFromStatus, given, parsedArgs, systemPrompt, type DialogueTurn } from './adapter-kit.ts';
import { endWith, googleEnding, googlePromptBlocked, type Ending } from './stop-reasons.ts';
import { ProviderError, type ChatProvider, type GenerateRequest, type StreamEvent, type ToolCallRequest } from './types.ts';

export interface GoogleConnection {
  endpoint: string;
  apiKey: string;
  baseURL?: string;
}

/** Gemini 2.5 and later think; their thoughts are streamed when asked for. */
const thinkingModel = /gemini-(2\.5|[3-9])/;

/** Gemini's media resolution stands in for the image detail; auto leaves the model's default. */
const MEDIA_RESOLUTION = { low: MediaResolution.MEDIA_RESOLUTION_LOW, high: MediaResolution.MEDIA_RESOLUTION_HIGH, auto: undefined } as const;

/**
 * A model turn's calls are `functionCall` parts carrying back their thought signature (Gemini 3
 * refuses calls without it); results are `functionResponse` parts of one user turn, matched by name.
 */
function googleContent(turn: DialogueTurn): Content {
  if (turn.role === 'tool') {
    return { role: 'user', parts: turn.results.map((result) => ({ functionResponse: { id: result.toolCallId, name: result.toolName, response: { output: result.content } } })) };
  }
  const parts: Part[] = turn.content.trim() || turn.toolCalls.length === 0 ? [{ text: turn.content }] : [];
  for (const image of turn.images) parts.push({ inlineData: { mimeType: image.mimeType, data: image.base64 } });
  for (const call of turn.toolCalls) parts.push({ functionCall: { id: call.id, name: call.name, args: parsedArgs(call.args) }, thoughtSignature: call.signature });
  return { role: turn.role === 'assistant' ? 'model' : 'user', parts };
}

export function googleParams(request: GenerateRequest): GenerateContentParameters {
  const parameters = request.parameters;
  const turns = dialogue(request);
  const contents = turns.map(googleContent);
  const detail = turns.flatMap((turn) => (turn.role === 'tool' ? [] : turn.images)).at(0)?.detail;
  const thinking = thinkingModel.test(request.model) ? { includeThoughts: parameters.thinking !== false, thinkingBudget: given(parameters.thinkingBudget) } : undefined;
  return {
    model: request.model,
    contents,
    config: {
      abortSignal: request.signal,
      systemInstruction: systemPrompt(request),
      temperature: given(parameters.temperature),
      topP: given(parameters.topP, parameters.top_p),
      topK: given(parameters.topK),
      maxOutputTokens: given(parameters.maxOutputTokens, parameters.max_tokens),
      stopSequences: given(parameters.stop),
      thinkingConfig: thinking,
      mediaResolution: detail ? MEDIA_RESOLUTION[detail] : undefined,
      tools: request.tools?.length ? [{ functionDeclarations: request.tools.map((tool) => ({ name: tool.name, description: tool.description, parametersJsonSchema: tool.parameters })) }] : undefined,
    },
  };
}

/** The SDK puts the whole JSON error body in the message; users need only Google's own sentence. */
function googleMessage(error: ApiError): string {
  const json = /\{.*\}/s.exec(error.message)?.[0];
  try {
    const body = JSON.parse(json ?? '') as { error?: { message?: string } };
    return body.error?.message ?? error.message;
  } catch {
    return error.message;
  }
}

function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof ApiError) {
    // Gemini answers a bad key with 400 API_KEY_INVALID rather than 401.
    if (error.message.includes('API_KEY_INVALID')) return new ProviderError(googleMessage(error), 'invalid_user_key', error.status);
    return errorFromStatus(error.status, googleMessage(error), 'google_error');
  }
  return new ProviderError(error instanceof Error ? error.message : String(error), 'google_error');
}

/** Google's Gemini API through `@google/genai` streaming, with thought parts as think events. */
export function createGoogleProvider(connection: GoogleConnection): ChatProvider {
  const google = new GoogleGenAI({ apiKey: connection.apiKey, httpOptions: connection.baseURL ? { baseUrl: connection.baseURL } : undefined });
  return {
    endpoint: connection.endpoint,
    async *stream(request: GenerateRequest): AsyncIterable<StreamEvent> {
      let ending: Ending | undefined;
      let usage: { promptTokens: number; completionTokens: number } | undefined;
      const calls: ToolCallRequest[] = [];
      try {
        const stream = await google.models.generateContentStream(googleParams(request));
        for await (const chunk of stream) {
          // A blocked prompt gets one chunk with no candidates.
          const feedback = chunk.promptFeedback;
          if (feedback?.blockReason) ending = googlePromptBlocked(feedback.blockReason);
          const candidate = chunk.candidates?.[0];
          for (const part of candidate?.content?.parts ?? []) {
            if (part.text) yield { type: part.thought ? 'think' : 'text', text: part.text };
            // Gemini sends each call whole; the Developer API gives no id, so the loop's own stands in.
            if (part.functionCall?.name) {
              const { id, name, args } = part.functionCall;
              calls.push({ id: id || `call_${calls.length}`, name, args: JSON.stringify(args ?? {}), ...(part.thoughtSignature ? { signature: part.thoughtSignature } : {}) });
            }
          }
          if (candidate?.finishReason) ending = googleEnding(candidate.finishReason);
          // Each chunk carries the running totals; thoughts are billed as output.
          const metadata = chunk.usageMetadata;
          if (metadata) usage = { promptTokens: metadata.promptTokenCount ?? 0, completionTokens: (metadata.candidatesTokenCount ?? 0) + (metadata.thoughtsTokenCount ?? 0) };
        }
      } catch (error) {
        // Whatever fails after the user stopped (an abort error, a cut connection) is the stop itself.
        if (!request.signal.aborted) throw toProviderError(error);
      }
      if (usage) yield { type: 'usage', ...usage };
      if (request.signal.aborted || !ending) {
        yield { type: 'done', finishReason: 'incomplete' };
        return;
      }
      // Gemini ends a reply that calls functions with STOP: the calls decide.
      yield* endWith(ending, calls);
    },
  };
}
