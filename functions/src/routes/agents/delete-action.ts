import { deleteAction } from '../../domain/agents/actions/actions.ts';
import { defineHandler } from '../../http/handler.ts';
import { agentDeps } from './agent-deps.ts';

/** Removes an action from the agent; answers the agent as it is now. */
export const handler = defineHandler('deleteAgentAction', async ({ auth, params, now }) => deleteAction(auth.userId, auth.role, params.agentId, params.actionId, now, agentDeps));
