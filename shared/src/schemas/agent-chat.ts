import * as z from 'zod';
import { agentIdSchema } from './agents.ts';
import { askBody } from './chat.ts';

/**
 * `POST /api/agents/chat`: the ask body plus the agent that answers. The agent fixes the provider,
 * model, parameters and instructions; the body's own model settings are not used.
 */
export const agentsChatBody = askBody.extend({ agent_id: agentIdSchema });
export type AgentsChatBody = z.infer<typeof agentsChatBody>;
