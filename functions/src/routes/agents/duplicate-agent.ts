import { duplicateAgent } from '../../domain/agents/agents.ts';
import { defineHandler } from '../../http/handler.ts';
import { agentDeps } from './agent-deps.ts';

/** A private copy of an agent the user can use, its actions' keys left for the new author to enter. */
export const handler = defineHandler('duplicateAgent', async ({ auth, params, now }) => duplicateAgent(auth.userId, auth.role, params.id, now, agentDeps));
