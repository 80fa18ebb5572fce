import { getAppConfig } from '../../config/app-config.ts';
import type { BalanceDeps } from '../../domain/balance/balance.ts';
import * as store from '../../store/balance-store.ts';
import { recordViolation } from '../../store/violation-store.ts';

/** The real collaborators of the balance domain; the chat pipeline passes these to `checkBalance` and `recordUsage`. */
export const balanceDeps: BalanceDeps = {
  config: () => getAppConfig().balance,
  store,
  recordViolation,
};
