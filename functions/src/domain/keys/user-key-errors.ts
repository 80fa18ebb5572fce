import { ProviderError } from '../../providers/llm/types.ts';

type UserKeyErrorType = 'no_user_key' | 'expired_user_key' | 'invalid_user_key';

const MESSAGES: Record<UserKeyErrorType, (endpoint: string, expiredAt: string | null) => string> = {
  no_user_key: (endpoint) => `No key found for ${endpoint}. Please provide a key and try again.`,
  expired_user_key: (endpoint, expiredAt) => `Provided key for ${endpoint} expired at ${expiredAt}. Please provide a new key and try again.`,
  invalid_user_key: (endpoint) => `The key provided for ${endpoint} is invalid. Please provide a valid key and try again.`,
};

/**
 * A user-key problem as the error catalogue shows it: the type, and in `info` the endpoint (and
 * for an expired key `expiredAt`), which the browser puts into its message.
 */
export class UserKeyError extends ProviderError {
  constructor(
    type: UserKeyErrorType,
    readonly endpoint: string,
    readonly expiredAt: string | null = null,
    status?: number,
  ) {
    super(MESSAGES[type](endpoint, expiredAt), type, status, { endpoint, ...(expiredAt ? { expiredAt } : {}) });
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
