import { listTools } from '../../domain/agents/plugins.ts';
import { defineHandler } from '../../http/handler.ts';
import { agentDeps } from './agent-deps.ts';

/** The plugin definitions (the same tools agents use), for naming plugins and installing them. */
export const handler = defineHandler('listPlugins', async ({ auth }) => listTools(auth.userId, agentDeps));
