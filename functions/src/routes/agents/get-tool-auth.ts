import { toolAuth } from '../../domain/agents/plugins.ts';
import { defineHandler } from '../../http/handler.ts';
import { agentDeps } from './agent-deps.ts';

/** Whether the tool is ready for this user: `{ authenticated, message }`. */
export const handler = defineHandler('getToolAuth', async ({ auth, params }) => toolAuth(auth.userId, params.toolId, agentDeps));
