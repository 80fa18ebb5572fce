import { installPlugin } from '../../domain/agents/plugins.ts';
import { defineHandler } from '../../http/handler.ts';
import { agentDeps } from './agent-deps.ts';

/** Installs a plugin for the user (its values sealed) or uninstalls it. */
export const handler = defineHandler('installPlugin', async ({ auth, body, now }) => installPlugin(auth.userId, body, now, agentDeps));
