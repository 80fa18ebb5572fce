import { createAgent } from '../../domain/agents/agents.ts';
import { defineHandler } from '../../http/handler.ts';
import { agentDeps } from './agent-deps.ts';

/** A new agent authored by the user (AGENTS/CREATE; sharing it with everyone needs SHARED_GLOBAL). */
export const handler = defineHandler('createAgent', async ({ auth, body, now }) => createAgent(auth.userId, auth.role, body, now, agentDeps));
