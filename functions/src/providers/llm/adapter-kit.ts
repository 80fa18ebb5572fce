import { ProviderError, type ChatImage, type GenerateRequest, type ToolCallRequest } from './types.ts';

type ErrorType = ProviderError['type'];

/** Maps a provider's HTTP failure to the error catalogue: a bad key, a rate limit, or the provider's own message. */
export function errorFromStatus(status: number | undefined, message: string, fallback: ErrorType = 'provider_error'): ProviderError {
  if (status === 401 || status === 403) return new ProviderError(message, 'invalid_user_key', status);
  if (status === 429) return new ProviderError(message, 'rate_limited', status);
  return new ProviderError(message, fallback, status);
}

/** What a reader sees when the provider's connection drops mid-reply, instead of fetch's bare "terminated". */
export const CONNECTION_LOST_MESSAGE = 'The connection to the model provider was lost before the reply finished. Please try again.';

/** fetch's own failures (undici): the socket closed mid-body ("terminated") or never connected ("fetch failed"). */
export function isConnectionLost(error: unknown): boolean {
  return error instanceof TypeError && (error.message === 'terminated' || error.message === 'fetch failed');
}

/** A non-null parameter value, or undefined so the SDK leaves the field out. */
export function given<T>(...values: Array<T | null | undefined>): T | undefined {
  for (const value of values) if (value !== null && value !== undefined) return value;
  return undefined;
}

/** The system prompt joined into one, or undefined when there is none. */
export function systemPrompt(request: GenerateRequest): string | undefined {
  return request.messages.filter((turn) => turn.role === 'system').map((turn) => turn.content).join('\n\n') || undefined;
}

/** A tool's answer to one call, as the next request carries it back to the model. */
export interface ToolResultTurn {
  toolCallId: string;
  toolName: string;
  content: string;
}

export type DialogueTurn =
  | { role: 'user' | 'assistant'; content: string; images: ChatImage[]; toolCalls: ToolCallRequest[] }
  /** Consecutive tool results in one turn: Anthropic, Gemini and Bedrock want them in a single user message. */
  | { role: 'tool'; results: ToolResultTurn[] };

/**
 * The user, assistant and tool turns for APIs that take the system prompt apart. Empty turns (a
 * reply stopped before its first token) are left out: Anthropic, Gemini and Bedrock reject empty
 * text; an assistant turn that only called tools stays.
 */
export function dialogue(request: GenerateRequest): DialogueTurn[] {
  const turns: DialogueTurn[] = [];
  for (const turn of request.messages) {
    if (turn.role === 'tool') {
      const result = { toolCallId: turn.toolCallId ?? '', toolName: turn.toolName ?? '', content: turn.content };
      const last = turns.at(-1);
      if (last?.role === 'tool') last.results.push(result);
      else turns.push({ role: 'tool', results: [result] });
      continue;
    }
    const images = turn.images ?? [];
    const toolCalls = turn.toolCalls ?? [];
    if (turn.role === 'system' || (turn.content.trim() === '' && images.length === 0 && toolCalls.length === 0)) continue;
    turns.push({ role: turn.role, content: turn.content, images, toolCalls });
  }
  return turns;
}

/** A call's arguments as an object, for APIs that take them parsed; text that is no JSON object sends none. */
export function parsedArgs(args: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(args);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
