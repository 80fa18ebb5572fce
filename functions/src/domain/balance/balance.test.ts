import { parseAppConfig, type AppConfig } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from '../../local/test-stack.ts';
import * as store from '../../store/balance-store.ts';
import { listViolations, recordViolation } from '../../store/violation-store.ts';
import { ChatRefusal } from '../limits/chat-refusal.ts';
import { balanceView, checkBalance, currentBalance, recordUsage, type BalanceDeps } from './balance.ts';
import { nextRefillAt } from './refill.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

const on = { enabled: true, startBalance: 1_000, autoRefillEnabled: true, refillIntervalValue: 1, refillIntervalUnit: 'days', refillAmount: 500 } as const;
const deps = (balance: Partial<AppConfig['balance']> = on): BalanceDeps => ({
  config: () => parseAppConfig({ balance }).balance,
  store,
  recordViolation,
});
const t0 = new Date('2026-03-01T10:00:00.000Z');
const after = (ms: number) => new Date(t0.getTime() + ms);
const DAY = 86_400_000;
const usage = { model: 'gpt-4o-mini', endpoint: 'openAI' };

describe('token balance', () => {
  it('is off by default, starting at 20000 with a 30-day refill of 10000 when turned on', () => {
    expect(parseAppConfig({}).balance).toEqual({ enabled: false, startBalance: 20_000, autoRefillEnabled: false, refillIntervalValue: 30, refillIntervalUnit: 'days', refillAmount: 10_000 });
  });

  it('answers only enabled: false when balances are off, and never charges', async () => {
    expect(await balanceView('u-off', t0, deps({}))).toEqual({ enabled: false });
    await checkBalance('u-off', { ...usage, promptTokens: 1e9 }, t0, deps({}));
    expect(await recordUsage('u-off', { ...usage, promptTokens: 10, completionTokens: 10 }, t0, deps({}))).toBeUndefined();
    expect(await store.getBalance('u-off')).toBeUndefined();
  });

  it('starts a user at startBalance and shows when the next refill is due', async () => {
    expect(await balanceView('u1', t0, deps())).toEqual({
      enabled: true,
      tokenCredits: 1_000,
      autoRefillEnabled: true,
      refillIntervalValue: 1,
      refillIntervalUnit: 'days',
      refillAmount: 500,
      lastRefill: t0.toISOString(),
      nextRefill: after(DAY).toISOString(),
    });
  });

  it('spends prompt and reply tokens one credit each, down below zero after a long reply', async () => {
    await checkBalance('u2', { ...usage, promptTokens: 100 }, t0, deps());
    expect(await recordUsage('u2', { ...usage, promptTokens: 100, completionTokens: 250 }, t0, deps())).toBe(650);
    expect(await recordUsage('u2', { ...usage, promptTokens: 100, completionTokens: 900 }, t0, deps())).toBe(-350);
  });

  it('refuses a prompt the balance cannot pay for, with balance, cost and prompt tokens, and records the violation', async () => {
    await currentBalance('u3', t0, deps());
    const refusal = await checkBalance('u3', { ...usage, promptTokens: 1_000 }, t0, deps()).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ChatRefusal);
    expect(refusal).toMatchObject({ code: 'token_balance', info: { balance: 1_000, tokenCost: 1_000, promptTokens: 1_000 } });
    expect((refusal as Error).message).toContain('Insufficient Funds!');
    const violations = await listViolations('u3', 'token_balance');
    expect(violations).toEqual([{ type: 'token_balance', at: t0.toISOString(), details: { balance: 1_000, tokenCost: 1_000, promptTokens: 1_000, model: 'gpt-4o-mini', endpoint: 'openAI' } }]);
    await checkBalance('u3', { ...usage, promptTokens: 999 }, t0, deps());
  });

  it('refills once per check when the interval has passed, however long the user was away', async () => {
    await recordUsage('u4', { ...usage, promptTokens: 900, completionTokens: 0 }, t0, deps());
    expect((await currentBalance('u4', after(DAY - 1), deps())).tokenCredits).toBe(100);
    expect((await currentBalance('u4', after(10 * DAY), deps())).tokenCredits).toBe(600);
    expect((await currentBalance('u4', after(10 * DAY + 1), deps())).tokenCredits).toBe(600);
    expect((await balanceView('u4', after(10 * DAY), deps())) as { nextRefill: string }).toMatchObject({ nextRefill: after(11 * DAY).toISOString() });
  });

  it('does not refill when auto refill is off', async () => {
    await currentBalance('u5', t0, deps({ ...on, autoRefillEnabled: false }));
    expect((await currentBalance('u5', after(100 * DAY), deps({ ...on, autoRefillEnabled: false }))).tokenCredits).toBe(1_000);
    expect(await balanceView('u5', t0, deps({ ...on, autoRefillEnabled: false }))).toMatchObject({ nextRefill: null });
  });

  it('counts refill intervals from seconds to calendar months', () => {
    expect(nextRefillAt(t0, 30, 'seconds')).toEqual(after(30_000));
    expect(nextRefillAt(t0, 2, 'weeks')).toEqual(after(14 * DAY));
    expect(nextRefillAt(new Date('2026-01-31T00:00:00.000Z'), 1, 'months').toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(nextRefillAt(t0, 1, 'months').toISOString()).toBe('2026-04-01T10:00:00.000Z');
  });
});
