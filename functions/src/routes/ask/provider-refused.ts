import { ERROR_CODES } from '@meld/shared';
import { DomainError } from '../../domain/errors.ts';
import { ProviderError, type ChatProvider } from '../../providers/llm/types.ts';

/** An endpoint that cannot be used (not configured, no key) is refused as JSON, before streaming. */
export function providerRefused(resolve: () => ChatProvider): ChatProvider {
  try {
    return resolve();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const kind = error.type === 'invalid_request_error' ? 'invalid' : 'unprocessable';
    throw new DomainError(kind, ERROR_CODES.validation, error.message, kind === 'invalid' ? 'endpoint' : undefined);
  }
}
