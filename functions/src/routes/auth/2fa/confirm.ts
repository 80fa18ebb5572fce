import { confirmSetup } from '../../../domain/auth/two-factor.ts';
import { defineHandler } from '../../../http/handler.ts';
import { twoFactorDeps } from './two-factor-deps.ts';

export const handler = defineHandler('confirmTwoFactor', async ({ auth, body, now }) => confirmSetup(auth.userId, body.token, twoFactorDeps(now)));
