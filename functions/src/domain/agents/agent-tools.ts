import type { Agent } from '@meld/shared';
import { unseal, type EncryptionKey } from '../../crypto/envelope.ts';
import type { StoredAction } from '../../store/agent-store.ts';
import type { AgentDeps } from './agent-deps.ts';
import { actionTool, DEFAULT_ACTION_LIMITS, type ActionCallLimits, type ActionCredentials } from './actions/action-tool.ts';
import { actionSealContext } from './actions/action-target.ts';
import { oauthCredentials } from './actions/oauth.ts';
import type { AgentTool, ToolContext } from './tools/agent-tool.ts';

/** An API-key action's credentials; a key that is missing or no longer opens makes its tools answer why. */
function apiKeyCredentials(action: StoredAction, author: string, keys: readonly EncryptionKey[] | undefined): ActionCredentials {
  if (!action.sealedKey || !keys) return { type: 'missing', reason: "the action has no API key; the agent's author must enter it" };
  try {
    const apiKey = unseal(action.sealedKey, keys, actionSealContext(author, action));
    return { type: 'service_http', authorization_type: action.auth.authorization_type ?? 'bearer', custom_auth_header: action.auth.custom_auth_header, apiKey };
  } catch {
    return { type: 'missing', reason: "the action's API key can no longer be read; the agent's author must enter it again" };
  }
}

/**
 * The tools of an agent's actions, one per operation (the agent chat adds the built-in tools). The
 * actions live in the author's partition: an API key is the author's, whoever uses the agent; with
 * OAuth each user signs in for themselves. The route calling this needs the key-encryption secret
 * (`lambda.secrets: ['userKeys']`).
 */
export async function agentTools(
  agent: Agent,
  deps: Pick<AgentDeps, 'store' | 'encryptionKeys' | 'signingKeys' | 'serverOrigin'>,
  limits: Pick<ActionCallLimits, 'allowedDomains'> & Partial<ActionCallLimits>,
): Promise<AgentTool[]> {
  if (agent.actions.length === 0) return [];
  const actions = (await deps.store.listActions(agent.author, agent.id)).filter((action) => agent.actions.includes(action.actionId));
  const keys = actions.some((action) => action.auth.type === 'service_http' && action.sealedKey) ? await deps.encryptionKeys() : undefined;
  const callLimits: ActionCallLimits = { ...DEFAULT_ACTION_LIMITS, ...limits };
  return actions.flatMap((action) => {
    if (action.auth.type === 'oauth') {
      const credentials = (context: ToolContext) => oauthCredentials(action, agent.author, context.userId, context.now, deps, limits);
      // A token the API refuses (revoked at the provider) is forgotten: the next call asks to sign in again.
      const forget = (context: ToolContext) => deps.store.deleteActionToken(context.userId, action.actionId);
      return action.operations.map((operation) => actionTool(operation, credentials, callLimits, { server: action.server, onRefused: forget }));
    }
    const credentials = async (): Promise<ActionCredentials> => (action.auth.type === 'none' ? { type: 'none' } : apiKeyCredentials(action, agent.author, keys));
    return action.operations.map((operation) => actionTool(operation, credentials, callLimits, { server: action.server }));
  });
}
