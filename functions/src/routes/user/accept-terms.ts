import { acceptTerms } from '../../domain/account/terms.ts';
import { defineHandler } from '../../http/handler.ts';
import * as users from '../../store/user-store.ts';

/** No payload: accepting is idempotent, the first acceptance's time is kept. */
export const handler = defineHandler('acceptTerms', async ({ auth, now }) => acceptTerms(auth.userId, now, users));
