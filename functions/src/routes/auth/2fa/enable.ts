import { startSetup } from '../../../domain/auth/two-factor.ts';
import { defineHandler } from '../../../http/handler.ts';
import { currentUser, twoFactorDeps } from './two-factor-deps.ts';

export const handler = defineHandler('enableTwoFactor', async ({ auth, now }) => startSetup(await currentUser(auth.userId), twoFactorDeps(now)));
