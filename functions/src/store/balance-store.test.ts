import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from '../local/test-stack.ts';
import { createBalance, getBalance, refill, spend } from './balance-store.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

const now = new Date('2026-03-01T10:00:00.000Z');

describe('balance store', () => {
  it('loses no tokens when twenty replies finish at once', async () => {
    await createBalance('b1', 20_000, now);
    const costs = Array.from({ length: 20 }, (_, i) => 100 + i * 7);
    await Promise.all(costs.map((cost) => spend('b1', cost)));
    expect((await getBalance('b1'))?.tokenCredits).toBe(20_000 - costs.reduce((a, b) => a + b, 0));
  });

  it('goes below zero rather than refusing a spend', async () => {
    await createBalance('b2', 50, now);
    expect(await spend('b2', 80)).toBe(-30);
  });

  it('spends nothing for a user without a balance', async () => {
    expect(await spend('b3', 10)).toBeUndefined();
    expect(await getBalance('b3')).toBeUndefined();
  });

  it('creates a balance once when two first requests race', async () => {
    const [a, b] = await Promise.all([createBalance('b4', 500, now), createBalance('b4', 500, new Date(now.getTime() + 1))]);
    expect(a.tokenCredits).toBe(500);
    expect(b.tokenCredits).toBe(500);
    await spend('b4', 100);
    expect((await createBalance('b4', 500, now)).tokenCredits).toBe(400);
  });

  it('refills once when two requests find the interval has passed at the same time', async () => {
    const start = await createBalance('b5', 0, now);
    const later = new Date(now.getTime() + 60_000);
    const results = await Promise.all(Array.from({ length: 5 }, () => refill('b5', 1_000, start.lastRefill, later)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await getBalance('b5')).toEqual({ tokenCredits: 1_000, lastRefill: later.toISOString() });
  });
});
