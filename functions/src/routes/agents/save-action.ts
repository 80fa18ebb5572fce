import { saveAction } from '../../domain/agents/actions/actions.ts';
import { defineHandler } from '../../http/handler.ts';
import { agentDeps } from './agent-deps.ts';

/** Adds an OpenAPI action to an agent, or replaces one (with action_id); its API key is sealed. */
export const handler = defineHandler('saveAgentAction', async ({ auth, params, body, now }) => saveAction(auth.userId, auth.role, params.agentId, body, now, agentDeps));
