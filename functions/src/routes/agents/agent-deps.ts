import { getAppConfig } from '../../config/app-config.ts';
import { getJwtKeys, getUserKeySecret } from '../../config/secrets.ts';
import { keysFromSecret } from '../../crypto/envelope.ts';
import type { AgentDeps } from '../../domain/agents/agent-deps.ts';
import type { SignInDeps } from '../../domain/agents/actions/oauth.ts';
import { hasPermission, requirePermission } from '../../domain/roles/permissions.ts';
import { availableEndpoints } from '../../providers/llm/endpoints.ts';
import * as store from '../../store/agent-store.ts';
import { getSession } from '../../store/session-store.ts';
import { getUser } from '../../store/user-store.ts';

/** The real collaborators of the agents domain; the agent chat passes these to `loadAgent` and `agentTools`. */
export const agentDeps: AgentDeps = {
  store,
  hasPermission,
  requirePermission,
  endpoints: () => availableEndpoints(getAppConfig().endpoints),
  userName: async (userId) => {
    const user = await getUser(userId);
    return user?.name || user?.username || '';
  },
  encryptionKeys: async () => keysFromSecret(await getUserKeySecret()),
  signingKeys: getJwtKeys,
  serverOrigin: () => {
    const domain = getAppConfig().serverDomain.trim().replace(/\/+$/, '');
    if (!domain) return null;
    return /^https?:\/\//.test(domain) ? domain : `https://${domain}`;
  },
};

/** The operator's trusted hosts for actions' calls (`actions.allowedDomains`). */
export const actionLimits = () => ({ allowedDomains: getAppConfig().actions.allowedDomains });

/** An OAuth action's sign-in, both ends: its one-time records, and whether the member's session still stands. */
export const signInDeps: SignInDeps = {
  ...agentDeps,
  signIns: { putActionSignIn: store.putActionSignIn, takeActionSignIn: store.takeActionSignIn, sessionStands: async (userId, sessionId) => (await getSession(userId, sessionId)) !== undefined },
};
