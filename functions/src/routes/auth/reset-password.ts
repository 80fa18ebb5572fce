import { getAppConfig } from '../../config/app-config.ts';
import { resetPassword } from '../../domain/auth/password-reset.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { forgetActionTokens } from '../../store/agent-store.ts';
import { releaseIdentityLinks } from '../../store/identity-store.ts';
import { consumeOneTimeToken, deleteOneTimeTokens } from '../../store/one-time-token-store.ts';
import { deleteAllSessions } from '../../store/session-store.ts';
import { isConditionFailed } from '../../store/table.ts';
import { updatePassword } from '../../store/user-store.ts';

export const handler = defineHandler('resetPassword', async ({ body, ip, now }) => {
  await enforceRateLimit(getAppConfig(), 'passwordReset', `ip#${ip}`);
  return resetPassword(body, {
    consumeToken: consumeOneTimeToken,
    deleteTokens: deleteOneTimeTokens,
    updatePassword,
    isMissingUser: isConditionFailed,
    deleteAllSessions,
    unlinkIdentities: async (userId) => void (await releaseIdentityLinks(userId, { withReferences: true })),
    forgetActionTokens,
    now,
  });
});
