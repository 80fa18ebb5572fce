import { ProviderError, type ChatImage, type GenerateRequest } from './types.ts';

type ErrorType = ProviderError['type'];

/** Maps a provider's HTTP failure to the error catalogue: a bad key, a rate limit, or the provider's own message. */
export function errorFromStatus(status: number | undefined, message: string, fallback: ErrorType = 'provider_error'): ProviderError {
  if (status === 401 || status === 403) return new ProviderError(message, 'invalid_user_key', status);
  if (status === 429) return new ProviderError(message, 'rate_limited', status);
  return new ProviderError(message, fallback, status);
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

/**
 * The user and assistant turns for APIs that take the system prompt apart. Empty turns (a reply
 * stopped before its first token) are left out: Anthropic, Gemini and Bedrock reject empty text.
 */
export function dialogue(request: GenerateRequest): Array<{ role: 'user' | 'assistant'; content: string; images: ChatImage[] }> {
  return request.messages.flatMap((turn) => {
    const images = turn.images ?? [];
    if (turn.role === 'system' || (turn.content.trim() === '' && images.length === 0)) return [];
    return [{ role: turn.role, content: turn.content, images }];
  });
}
