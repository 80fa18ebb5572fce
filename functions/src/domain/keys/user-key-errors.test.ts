import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../providers/llm/types.ts';
import { UserKeyError, userKeyRejected } from './user-key-errors.ts';

describe('userKeyRejected', () => {
  it('turns the provider refusing a user’s key into invalid_user_key naming the endpoint', () => {
    const error = userKeyRejected(new ProviderError('401 Incorrect API key provided', 'invalid_user_key', 401), 'openAI');
    expect(error).toBeInstanceOf(UserKeyError);
    expect(error).toMatchObject({ type: 'invalid_user_key', status: 401, info: { endpoint: 'openAI' } });
  });

  it('leaves every other failure as it was', () => {
    const limited = new ProviderError('slow down', 'rate_limited', 429);
    expect(userKeyRejected(limited, 'openAI')).toBe(limited);
    const crash = new Error('socket hang up');
    expect(userKeyRejected(crash, 'openAI')).toBe(crash);
  });
});
