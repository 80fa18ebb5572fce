import type { BalanceResponse } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { checkBalance, recordUsage } from '../../domain/balance/balance.ts';
import { dbCalls, signUp, useApi } from '../api-test-kit.ts';
import { balanceDeps } from './balance-deps.ts';

const api = useApi({ config: { balance: { enabled: true, startBalance: 5_000, autoRefillEnabled: true, refillIntervalValue: 7, refillIntervalUnit: 'days', refillAmount: 2_000 } } });
const usage = { model: 'gpt-4o-mini', endpoint: 'openAI' };

describe('GET /api/balance', () => {
  it('shows a new member their starting balance and refill schedule', async () => {
    const me = await signUp(api().client());
    const response = await me.call<BalanceResponse>('GET', '/api/balance');
    expect(response.status).toBe(200);
    const body = response.json as Extract<BalanceResponse, { enabled: true }>;
    expect(body).toMatchObject({ enabled: true, tokenCredits: 5_000, autoRefillEnabled: true, refillIntervalValue: 7, refillIntervalUnit: 'days', refillAmount: 2_000 });
    expect(Date.parse(body.nextRefill!) - Date.parse(body.lastRefill!)).toBe(7 * 86_400_000);
    expect(dbCalls(response)).toBe(3);
    expect(dbCalls(await me.call('GET', '/api/balance'))).toBe(2);
  });

  it('shows what replies spent, below zero after a long one, and the next message is refused', async () => {
    const me = await signUp(api().client());
    await checkBalance(me.userId, { ...usage, promptTokens: 1_000 }, new Date(), balanceDeps);
    await recordUsage(me.userId, { ...usage, promptTokens: 1_000, completionTokens: 4_500 }, new Date(), balanceDeps);
    expect((await me.call<{ tokenCredits: number }>('GET', '/api/balance')).json.tokenCredits).toBe(-500);
    await expect(checkBalance(me.userId, { ...usage, promptTokens: 10 }, new Date(), balanceDeps)).rejects.toMatchObject({ code: 'token_balance', info: { balance: -500 } });
  });

  it('requires a signed-in user', async () => {
    expect((await api().client().request('GET', '/api/balance')).status).toBe(401);
  });
});
