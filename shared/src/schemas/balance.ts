import * as z from 'zod';
import { REFILL_UNITS } from '../app-config.ts';

/** GET /api/balance: `{ enabled: false }` when the operator has balances off. */
export const balanceResponse = z.discriminatedUnion('enabled', [
  z.object({ enabled: z.literal(false) }),
  z.object({
    enabled: z.literal(true),
    /** May be negative: a long reply is never cut off, the next request is refused instead. */
    tokenCredits: z.number(),
    autoRefillEnabled: z.boolean(),
    refillIntervalValue: z.int(),
    refillIntervalUnit: z.enum(REFILL_UNITS),
    refillAmount: z.int(),
    lastRefill: z.string().nullable(),
    nextRefill: z.string().nullable(),
  }),
]);
export type BalanceResponse = z.infer<typeof balanceResponse>;

/** POST /api/tokenizer: how many tokens the text is. */
export const countTokensBody = z.object({ text: z.string({ error: 'Text is required' }).max(1_000_000, { error: 'Text must be at most 1,000,000 characters' }) });
export const countTokensResponse = z.object({ count: z.int() });
