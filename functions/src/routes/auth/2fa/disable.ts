import { disable } from '../../../domain/auth/two-factor.ts';
import { defineHandler } from '../../../http/handler.ts';
import { twoFactorDeps } from './two-factor-deps.ts';

export const handler = defineHandler('disableTwoFactor', async ({ auth, body, now }) => disable(auth.userId, body, twoFactorDeps(now)));
