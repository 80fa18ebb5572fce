import { describe, expect, it } from 'vitest';
import { fromDomainError } from '../../http/errors.ts';
import { ChatRefusal } from './chat-refusal.ts';

describe('ChatRefusal', () => {
  it('answers before streaming as JSON with the catalogue type as code and the values the browser shows', () => {
    const refusal = new ChatRefusal('token_balance', 'Insufficient Funds! Balance: 3. Prompt tokens: 40. Cost: 40.', { balance: 3, tokenCost: 40, promptTokens: 40 });
    const response = fromDomainError(refusal);
    expect(response.status).toBe(422);
    expect(response.toBody()).toEqual({
      code: 'token_balance',
      message: 'Insufficient Funds! Balance: 3. Prompt tokens: 40. Cost: 40.',
      info: { balance: 3, tokenCost: 40, promptTokens: 40 },
    });
  });
});
