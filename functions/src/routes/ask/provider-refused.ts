import { userKeyRejected } from '../../domain/keys/user-key-errors.ts';
import { DomainError } from '../../domain/errors.ts';
import { ProviderError, type ChatProvider } from '../../providers/llm/types.ts';

/**
 * An endpoint that cannot be used (not configured, no key, an expired key) is refused as JSON
 * before streaming, with its error-catalogue type as the code and the values its message shows.
 */
export async function providerRefused(resolve: () => Promise<ChatProvider>): Promise<ChatProvider> {
  try {
    return await resolve();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const notConfigured = error.type === 'invalid_request_error';
    throw new DomainError(notConfigured ? 'invalid' : 'unprocessable', error.type, error.message, notConfigured ? 'endpoint' : undefined, error.info);
  }
}

/** A provider answering with the user's own key: its refusal of that key names the endpoint. */
export function withUserKeyErrors(provider: ChatProvider): ChatProvider {
  return {
    endpoint: provider.endpoint,
    async *stream(request) {
      try {
        yield* provider.stream(request);
      } catch (error) {
        throw userKeyRejected(error, provider.endpoint);
      }
    },
  };
}
