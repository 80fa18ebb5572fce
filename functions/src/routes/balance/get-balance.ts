import { balanceView } from '../../domain/balance/balance.ts';
import { defineHandler } from '../../http/handler.ts';
import { balanceDeps } from './balance-deps.ts';

/** The account menu's balance: `{ enabled: false }` when balances are off. */
export const handler = defineHandler('getBalance', async ({ auth, now }) => balanceView(auth.userId, now, balanceDeps));
