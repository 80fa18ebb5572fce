import type { ChatErrorInfo, ChatErrorType, ConversationSettings } from '@meld/shared';

/**
 * One streaming interface for every model provider. An adapter turns its provider's wire
 * protocol into these events; the chat route never sees a provider SDK.
 */
export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  /** The turn's text, with any attached document's extracted text already in it. */
  content: string;
  /** Images attached to a user turn, sent after its text in each provider's own image part. */
  images?: ChatImage[];
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
}

export type StreamEvent =
  | { type: 'text'; text: string }
  | { type: 'think'; text: string }
  | { type: 'tool_call'; id: string; name: string; args: string }
  | { type: 'usage'; promptTokens: number; completionTokens: number }
  | { type: 'done'; finishReason: 'stop' | 'length' | 'incomplete' };

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
