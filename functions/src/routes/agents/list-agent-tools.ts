import { listTools } from '../../domain/agents/plugins.ts';
import { defineHandler } from '../../http/handler.ts';
import { agentDeps } from './agent-deps.ts';

/** The tools an agent can be given, each saying whether it is ready for this user. */
export const handler = defineHandler('listAgentTools', async ({ auth }) => listTools(auth.userId, agentDeps));
