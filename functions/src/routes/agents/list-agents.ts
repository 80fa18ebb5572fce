import { listAgents } from '../../domain/agents/agents.ts';
import { defineHandler } from '../../http/handler.ts';
import { agentDeps } from './agent-deps.ts';

/** The user's own agents, then the globally shared ones; cursor paging and a name search. */
export const handler = defineHandler('listAgents', async ({ auth, query }) => listAgents(auth.userId, auth.role, query, agentDeps));
