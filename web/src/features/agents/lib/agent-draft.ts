import type { Agent, CreateAgentBody, RouteResponse } from '@meld/shared';
import { AGENT_LIMITS, GLOBAL_PROJECT_ID } from '@meld/shared';

/** What the builder edits; saved as a whole. */
export interface AgentDraft {
  name: string;
  description: string;
  instructions: string;
  provider: string;
  model: string;
  model_parameters: Record<string, number | boolean>;
  tools: string[];
  conversation_starters: string[];
  artifacts: string;
  recursion_limit: number;
  shared: boolean;
  isCollaborative: boolean;
}

export type DraftField = keyof AgentDraft;
type Endpoints = RouteResponse<'listEndpoints'>;
type Models = RouteResponse<'listModels'>;

/** The endpoint kinds whose providers call tools; the offline demo only echoes. */
const TOOL_KINDS = new Set(['openAI', 'azureOpenAI', 'anthropic', 'google', 'bedrock', 'custom']);

/** The providers an agent can use: configured endpoints that call tools and offer models, in menu order. */
export function agentProviders(endpoints: Endpoints, models: Models) {
  return Object.entries(endpoints)
    .filter(([name, info]) => TOOL_KINDS.has(info.type) && !info.demo && models[name]?.length)
    .sort(([, a], [, b]) => a.order - b.order)
    .map(([name, info]) => ({ name, label: info.label, type: info.type, models: models[name]! }));
}

export type AgentProvider = ReturnType<typeof agentProviders>[number];

export function emptyDraft(providers: readonly AgentProvider[]): AgentDraft {
  const first = providers[0];
  return {
    name: '',
    description: '',
    instructions: '',
    provider: first?.name ?? '',
    model: first?.models[0] ?? '',
    model_parameters: {},
    tools: [],
    conversation_starters: [],
    artifacts: '',
    recursion_limit: AGENT_LIMITS.recursionLimitDefault,
    shared: false,
    isCollaborative: false,
  };
}

export function draftOf(agent: Agent): AgentDraft {
  const parameters: Record<string, number | boolean> = {};
  for (const [key, value] of Object.entries(agent.model_parameters)) if (typeof value === 'number' || typeof value === 'boolean') parameters[key] = value;
  return {
    name: agent.name,
    description: agent.description,
    instructions: agent.instructions,
    provider: agent.provider,
    model: agent.model,
    model_parameters: parameters,
    tools: [...agent.tools],
    conversation_starters: agent.conversation_starters.slice(0, AGENT_LIMITS.conversationStartersMax),
    artifacts: agent.artifacts,
    recursion_limit: agent.recursion_limit,
    shared: agent.projectIds.includes(GLOBAL_PROJECT_ID),
    isCollaborative: agent.isCollaborative,
  };
}

/**
 * The body that saves a draft. Blank starters are dropped; sharing is sent only when the user may
 * change it (the server refuses the change otherwise), and collaboration only goes with sharing.
 */
export function agentBody(draft: AgentDraft, canShare: boolean): CreateAgentBody {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    instructions: draft.instructions,
    provider: draft.provider,
    model: draft.model,
    model_parameters: draft.model_parameters,
    tools: draft.tools,
    conversation_starters: draft.conversation_starters.map((starter) => starter.trim()).filter(Boolean).slice(0, AGENT_LIMITS.conversationStartersMax),
    artifacts: draft.artifacts as CreateAgentBody['artifacts'],
    recursion_limit: draft.recursion_limit,
    isCollaborative: draft.shared && draft.isCollaborative,
    ...(canShare ? { projectIds: draft.shared ? [GLOBAL_PROJECT_ID] : [] } : {}),
  };
}

/** Problems the builder can see before saving; the server checks everything again. */
export function draftErrors(draft: AgentDraft): Partial<Record<DraftField, 'nameRequired' | 'modelRequired' | 'recursionRange'>> {
  const errors: Partial<Record<DraftField, 'nameRequired' | 'modelRequired' | 'recursionRange'>> = {};
  if (!draft.name.trim()) errors.name = 'nameRequired';
  if (!draft.provider || !draft.model) errors.model = 'modelRequired';
  if (!Number.isInteger(draft.recursion_limit) || draft.recursion_limit < 1 || draft.recursion_limit > AGENT_LIMITS.recursionLimitMax) errors.recursion_limit = 'recursionRange';
  return errors;
}

/** The field a server 400 names, when it is one the builder shows. */
export function draftFieldOf(field: string | undefined): DraftField | null {
  if (!field) return null;
  const head = field.split('.')[0]!;
  if (head === 'projectIds') return 'shared';
  const known: readonly string[] = ['name', 'description', 'instructions', 'provider', 'model', 'model_parameters', 'tools', 'conversation_starters', 'artifacts', 'recursion_limit', 'isCollaborative'];
  return known.includes(head) ? (head === 'provider' ? 'model' : (head as DraftField)) : null;
}
