import { deleteAgent } from '../../domain/agents/agents.ts';
import { defineHandler } from '../../http/handler.ts';
import { agentDeps } from './agent-deps.ts';

/** Deletes the user's own agent with its actions. */
export const handler = defineHandler('deleteAgent', async ({ auth, params }) => deleteAgent(auth.userId, auth.role, params.id, agentDeps));
