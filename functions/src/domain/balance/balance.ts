import type { AppConfig, BalanceResponse } from '@meld/shared';
import type { StoredBalance } from '../../store/balance-store.ts';
import type { ViolationType } from '../../store/violation-store.ts';
import { ChatRefusal } from '../limits/chat-refusal.ts';
import { nextRefillAt } from './refill.ts';

/**
 * Token balance (spec 000 section 9). One credit per token, prompt and reply alike: the spec
 * names no per-model rate, so there is no multiplier table. The balance is created with
 * startBalance on first use; with auto refill, refillAmount is added once when a read finds the
 * interval has passed since the last refill (LibreChat's rule: a long absence earns one refill,
 * not one per missed interval).
 */
export interface BalanceDeps {
  config(): AppConfig['balance'];
  store: {
    getBalance(userId: string): Promise<StoredBalance | undefined>;
    createBalance(userId: string, startBalance: number, now: Date): Promise<StoredBalance>;
    refill(userId: string, amount: number, seenLastRefill: string, now: Date): Promise<StoredBalance | undefined>;
    spend(userId: string, amount: number): Promise<number | undefined>;
  };
  recordViolation(userId: string, type: ViolationType, details: Record<string, unknown>, now: Date): Promise<void>;
}

export interface PromptUsage {
  promptTokens: number;
  model: string;
  endpoint: string;
}

/** No per-reply transaction is kept (the spec asks for none), so the reply's ids are not needed. */
export interface ReplyUsage extends PromptUsage {
  completionTokens: number;
}

/** Credits a prompt and reply cost: 1:1 with tokens. */
export function tokenCost(promptTokens: number, completionTokens = 0): number {
  return Math.max(0, Math.ceil(promptTokens)) + Math.max(0, Math.ceil(completionTokens));
}

/** The user's balance now: created on first use, refilled when due. */
export async function currentBalance(userId: string, now: Date, deps: BalanceDeps): Promise<StoredBalance> {
  const config = deps.config();
  const balance = (await deps.store.getBalance(userId)) ?? (await deps.store.createBalance(userId, config.startBalance, now));
  if (!config.autoRefillEnabled || config.refillAmount === 0) return balance;
  if (nextRefillAt(new Date(balance.lastRefill), config.refillIntervalValue, config.refillIntervalUnit) > now) return balance;
  // Conditioned on the lastRefill read: when another request refilled first, read what it wrote.
  return (await deps.store.refill(userId, config.refillAmount, balance.lastRefill, now)) ?? (await deps.store.getBalance(userId)) ?? balance;
}

/** GET /api/balance. */
export async function balanceView(userId: string, now: Date, deps: BalanceDeps): Promise<BalanceResponse> {
  const config = deps.config();
  if (!config.enabled) return { enabled: false };
  const balance = await currentBalance(userId, now, deps);
  const next = config.autoRefillEnabled ? nextRefillAt(new Date(balance.lastRefill), config.refillIntervalValue, config.refillIntervalUnit).toISOString() : null;
  return {
    enabled: true,
    tokenCredits: balance.tokenCredits,
    autoRefillEnabled: config.autoRefillEnabled,
    refillIntervalValue: config.refillIntervalValue,
    refillIntervalUnit: config.refillIntervalUnit,
    refillAmount: config.refillAmount,
    lastRefill: balance.lastRefill,
    nextRefill: next,
  };
}

/**
 * The chat pipeline calls this before the provider: refuses (ChatRefusal `token_balance`, with
 * balance, tokenCost and promptTokens) when the balance cannot pay for the prompt, and records
 * the violation. Does nothing when balances are off.
 */
export async function checkBalance(userId: string, usage: PromptUsage, now: Date, deps: BalanceDeps): Promise<void> {
  if (!deps.config().enabled) return;
  const { tokenCredits } = await currentBalance(userId, now, deps);
  const cost = tokenCost(usage.promptTokens);
  // LibreChat's rule: the prompt must leave something over.
  if (tokenCredits - cost > 0) return;
  const info = { balance: tokenCredits, tokenCost: cost, promptTokens: usage.promptTokens };
  await deps.recordViolation(userId, 'token_balance', { ...info, model: usage.model, endpoint: usage.endpoint }, now);
  throw new ChatRefusal('token_balance', `Insufficient Funds! Balance: ${tokenCredits}. Prompt tokens: ${usage.promptTokens}. Cost: ${cost}.`, info);
}

/**
 * The chat pipeline calls this once the reply is saved: spends prompt and reply tokens in one
 * atomic update. The balance may go negative after a long reply; the next check refuses.
 * Returns the balance left, or undefined when balances are off.
 */
export async function recordUsage(userId: string, usage: ReplyUsage, now: Date, deps: BalanceDeps): Promise<number | undefined> {
  if (!deps.config().enabled) return undefined;
  const cost = tokenCost(usage.promptTokens, usage.completionTokens);
  const left = await deps.store.spend(userId, cost);
  if (left !== undefined) return left;
  // No balance yet (usage recorded without a check first): create it, then spend.
  await deps.store.createBalance(userId, deps.config().startBalance, now);
  return (await deps.store.spend(userId, cost)) ?? 0;
}
