import { ProviderError } from '../../providers/llm/types.ts';

type UserKeyErrorType = 'no_user_key' | 'expired_user_key' | 'invalid_user_key';

/**
 * A user-key problem as the error catalogue shows it. The message is the JSON object the chat
 * error display looks for (`type`, `endpoint`, and `expiredAt` for an expired key), so it reaches
 * the browser intact through any path that forwards a ProviderError's message.
 */
export class UserKeyError extends ProviderError {
  constructor(
    type: UserKeyErrorType,
    readonly endpoint: string,
    readonly expiredAt: string | null = null,
    status?: number,
  ) {
    super(JSON.stringify({ type, endpoint, ...(expiredAt ? { expiredAt } : {}) }), type, status);
    this.name = 'UserKeyError';
  }
}

/**
 * For a reply made with the user's own key: the provider refusing the key (401/403, which the
 * adapters already type `invalid_user_key`) becomes the catalogue's invalid user key for this
 * endpoint; any other error is returned unchanged.
 */
export function userKeyRejected(error: unknown, endpoint: string): unknown {
  if (error instanceof ProviderError && error.type === 'invalid_user_key' && !(error instanceof UserKeyError)) {
    return new UserKeyError('invalid_user_key', endpoint, null, error.status);
  }
  return error;
}
