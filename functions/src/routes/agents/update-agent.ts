import { updateAgent } from '../../domain/agents/agents.ts';
import { defineHandler } from '../../http/handler.ts';
import { agentDeps } from './agent-deps.ts';

/** Changes the fields sent; only the author (or anyone, when shared and collaborative) may. */
export const handler = defineHandler('updateAgent', async ({ auth, params, body, now }) => updateAgent(auth.userId, auth.role, params.id, body, now, agentDeps));
