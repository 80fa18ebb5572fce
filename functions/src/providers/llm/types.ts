import type { ChatErrorInfo, ChatErrorType, ConversationSettings } from '@meld/shared';

/**
 * One streaming interface for every model provider. An adapter turns its provider's wire
 * protocol into these events; the chat route never sees a provider SDK.
 */
export interface ChatTurn {
  role: 'system' | 'user' | 'assistant' | 'tool';
  /** The turn's text, with any attached document's extracted text already in it; a tool turn's output. */
  content: string;
  /** Images attached to a user turn, sent after its text in each provider's own image part. */
  images?: ChatImage[];
  /** An assistant turn that asked for tools: its calls, in order (its text may be empty). */
  toolCalls?: ToolCallRequest[];
  /** A tool turn: the call it answers (Gemini matches results by name, the others by id). */
  toolCallId?: string;
  toolName?: string;
}

/** A tool the model may call: its name, what it does, and a JSON Schema of its arguments. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** One complete tool call the model asked for. */
export interface ToolCallRequest {
  id: string;
  name: string;
  /** The arguments as the model wrote them: a JSON object's text. */
  args: string;
  /** Opaque data the provider needs back with the call (Gemini's thought signature). */
  signature?: string;
}

/** The image detail OpenAI-style APIs take (spec 000 section 9); others ignore it. */
export type ImageDetail = 'low' | 'auto' | 'high';

/** An attached image, inlined as base64: the files bucket is private, so no provider could fetch a URL. */
export interface ChatImage {
  mimeType: string;
  base64: string;
  detail: ImageDetail;
  /** What the image costs in the prompt, counted when it was attached (spec 000 section 9). */
  tokens: number;
}

export interface GenerateRequest {
  model: string;
  /** Oldest first; the system prompt, when any, is the first turn. */
  messages: ChatTurn[];
  /** The conversation's parameters, already range-checked by the route's schema. */
  parameters: ConversationSettings;
  /** Aborted when the user stops the reply; adapters must stop reading and return. */
  signal: AbortSignal;
  /** Tools the model may call; a reply that calls any ends with finish reason `tool_calls`. */
  tools?: ToolDefinition[];
}

export type StreamEvent =
  | { type: 'text'; text: string }
  | { type: 'think'; text: string }
  /** A piece of the model's own words declining to answer (OpenAI's `delta.refusal`), kept apart from its text. */
  | { type: 'refusal'; text: string }
  /** A complete call (arguments assembled), sent before `done`. */
  | ({ type: 'tool_call' } & ToolCallRequest)
  | { type: 'usage'; promptTokens: number; completionTokens: number }
  /** `tool_calls`: the model stopped to wait for the results of the calls it sent. */
  | { type: 'done'; finishReason: 'stop' | 'length' | 'incomplete' | 'tool_calls' }
  /**
   * The model or the provider's filters declined (decision 0035). `reason` is the provider's stated
   * cause when it gave one, e.g. "Gemini's safety filters blocked the reply (SAFETY)".
   */
  | { type: 'done'; finishReason: 'refused'; reason?: string };

/** A provider failure with the error-catalogue type it maps to (spec 000 section 8). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly type: ChatErrorType,
    readonly status?: number,
    /** The values the catalogue message shows, e.g. the endpoint and expiry of an expired key. */
    readonly info?: ChatErrorInfo,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface ChatProvider {
  /** The endpoint name this provider serves, e.g. 'openAI', 'demo' or a custom endpoint's name. */
  readonly endpoint: string;
  stream(request: GenerateRequest): AsyncIterable<StreamEvent>;
}
