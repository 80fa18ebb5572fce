import { conversationSettingsSchema, type Agent, type AgentsChatBody, type AskBody } from '@meld/shared';

/** Conversation settings the user keeps choosing in an agent's chat: how earlier files are sent. */
const USER_SETTINGS = new Set<string>(['resendFiles', 'imageDetail']);
const SETTINGS = conversationSettingsSchema.shape;

/** The agent's model parameters that are conversation settings within their ranges; others are dropped. */
function agentParameters(parameters: Agent['model_parameters']): Partial<AskBody> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parameters)) {
    const schema = SETTINGS[key as keyof typeof SETTINGS];
    if (schema && !USER_SETTINGS.has(key) && schema.safeParse(value).success) kept[key] = value;
  }
  return kept as Partial<AskBody>;
}

/**
 * The ask body an agent's turn runs with: the user's text, place in the tree and files, with the
 * agent's model, parameters and instructions (the system prompt) instead of the body's settings.
 */
export function agentTurnBody(body: AgentsChatBody, agent: Agent): AskBody {
  const turn: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (!(key in SETTINGS) || USER_SETTINGS.has(key)) turn[key] = value;
  return {
    ...(turn as AskBody),
    ...agentParameters(agent.model_parameters),
    model: agent.model,
    modelLabel: agent.name,
    promptPrefix: agent.instructions.trim() || null,
    artifacts: agent.artifacts || null,
    agent_id: agent.id,
  };
}
