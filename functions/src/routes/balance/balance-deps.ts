import { getAppConfig } from '../../config/app-config.ts';
import type { BalanceDeps } from '../../domain/balance/balance.ts';
import * as store from '../../store/balance-store.ts';
import { chargeRefusal } from '../../http/rate-limit.ts';

/** The real collaborators of the balance domain; the chat pipeline passes these to `checkBalance` and `recordUsage`. */
export const balanceDeps: BalanceDeps = {
  config: () => getAppConfig().balance,
  store,
  // A refused reply counts toward a ban, through the one limiter (decision 0011).
  recordViolation: (userId, type, details, now) => chargeRefusal(getAppConfig(), type, details, now.getTime(), { userId }),
};
