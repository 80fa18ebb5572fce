import { getAppConfig } from '../../../config/app-config.ts';
import { getUserKeySecret } from '../../../config/secrets.ts';
import { keysFromSecret } from '../../../crypto/envelope.ts';
import type { TwoFactorUser } from '../../../domain/auth/two-factor.ts';
import type { TwoFactorLoginDeps } from '../../../domain/auth/two-factor-login.ts';
import { httpErrors } from '../../../http/errors.ts';
import { enforceRateLimit } from '../../../http/rate-limit.ts';
import * as store from '../../../store/two-factor-store.ts';
import { getUser } from '../../../store/user-store.ts';

/** The two-factor domain's real collaborators at the request's time. */
export function twoFactorDeps(now: Date): TwoFactorLoginDeps {
  return {
    store,
    getUser,
    encryptionKeys: async () => keysFromSecret(await getUserKeySecret()),
    // Per user, not per address: the codes guarded are the account's. Whoever tries them holds its
    // password, so violations count against the account (decision 0011).
    countAttempt: (userId) => enforceRateLimit(getAppConfig(), 'twoFactor', userId, now.getTime(), { userId }),
    now,
  };
}

/** The signed-in user, as the setup routes need them. */
export async function currentUser(userId: string): Promise<TwoFactorUser> {
  const user = await getUser(userId);
  // A deleted account's token still verifies until it expires; treat it as signed out.
  if (!user) throw httpErrors.unauthorized('Your account no longer exists.');
  return user;
}
