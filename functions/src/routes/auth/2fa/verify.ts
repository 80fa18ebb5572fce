import { verifySetup } from '../../../domain/auth/two-factor.ts';
import { defineHandler } from '../../../http/handler.ts';
import { currentUser, twoFactorDeps } from './two-factor-deps.ts';

export const handler = defineHandler('verifyTwoFactor', async ({ auth, body, now }) => verifySetup(await currentUser(auth.userId), body, twoFactorDeps(now)));
