import { regenerateBackupCodes } from '../../../domain/auth/two-factor.ts';
import { defineHandler } from '../../../http/handler.ts';
import { currentUser, twoFactorDeps } from './two-factor-deps.ts';

export const handler = defineHandler('regenerateBackupCodes', async ({ auth, body, now }) =>
  regenerateBackupCodes(await currentUser(auth.userId), body, twoFactorDeps(now)),
);
