import type { Agent } from '@meld/shared';
import { unseal } from '../../crypto/envelope.ts';
import type { AgentDeps } from './agent-deps.ts';
import { actionTool, DEFAULT_ACTION_LIMITS, type ActionCallLimits, type ActionCredentials } from './actions/action-tool.ts';
import { actionSealContext } from './actions/actions.ts';
import type { AgentTool } from './tools/agent-tool.ts';
import type { StoredAction } from '../../store/agent-store.ts';

/** The credentials a stored action calls with; a key that is missing or no longer opens makes its tools answer why. */
function credentialsOf(action: StoredAction, author: string, keys: Parameters<typeof unseal>[1] | undefined): ActionCredentials {
  if (action.auth.type === 'none') return { type: 'none' };
  if (!action.sealedKey || !keys) return { type: 'missing', reason: "the action has no API key; the agent's author must enter it" };
  try {
    const apiKey = unseal(action.sealedKey, keys, actionSealContext(author, action.actionId));
    return { type: 'service_http', authorization_type: action.auth.authorization_type ?? 'bearer', custom_auth_header: action.auth.custom_auth_header, apiKey };
  } catch {
    return { type: 'missing', reason: "the action's API key can no longer be read; the agent's author must enter it again" };
  }
}

/**
 * The tools of an agent's actions, one per operation (the agent chat adds the built-in tools). The
 * actions live in the author's partition and call with the author's keys, whoever uses the agent.
 * The route calling this needs the key-encryption secret (`lambda.secrets: ['userKeys']`).
 */
export async function agentTools(agent: Agent, deps: Pick<AgentDeps, 'store' | 'encryptionKeys'>, limits: Pick<ActionCallLimits, 'allowedDomains'> & Partial<ActionCallLimits>): Promise<AgentTool[]> {
  if (agent.actions.length === 0) return [];
  const actions = (await deps.store.listActions(agent.author, agent.id)).filter((action) => agent.actions.includes(action.actionId));
  const keys = actions.some((action) => action.sealedKey) ? await deps.encryptionKeys() : undefined;
  const callLimits: ActionCallLimits = { ...DEFAULT_ACTION_LIMITS, ...limits };
  return actions.flatMap((action) => action.operations.map((operation) => actionTool(operation, credentialsOf(action, agent.author, keys), callLimits)));
}
