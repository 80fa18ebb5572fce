import { listActions } from '../../domain/agents/actions/actions.ts';
import { defineHandler } from '../../http/handler.ts';
import { agentDeps } from './agent-deps.ts';

/** The actions of the user's own agents; keys never, only whether each is set. */
export const handler = defineHandler('listAgentActions', async ({ auth }) => listActions(auth.userId, auth.role, agentDeps));
