import { loadAgent } from '../../domain/agents/agents.ts';
import { defineHandler } from '../../http/handler.ts';
import { agentDeps } from './agent-deps.ts';

/** The user's own agent or a globally shared one; another user's private agent is not found. */
export const handler = defineHandler('getAgent', async ({ auth, params }) => loadAgent(auth.userId, auth.role, params.id, agentDeps));
