import { ERROR_CODES, type Agent, type Role } from '@meld/shared';
import type { EndpointKind } from '../../providers/llm/endpoints.ts';
import { DomainError } from '../errors.ts';
import type { AgentDeps } from './agent-deps.ts';
import { BUILTIN_TOOLS } from './plugins.ts';

/** The endpoint kinds whose adapters call tools; the demo endpoint only echoes. */
const TOOL_ENDPOINT_KINDS: readonly EndpointKind[] = ['openAI', 'azureOpenAI', 'anthropic', 'google', 'bedrock', 'custom'];

/** The provider must be a configured endpoint that can call tools (spec 000 section 8: invalid_agent_provider). */
export function checkProvider(provider: string, deps: Pick<AgentDeps, 'endpoints'>): void {
  const endpoint = deps.endpoints().find((candidate) => candidate.name === provider);
  if (!endpoint || !TOOL_ENDPOINT_KINDS.includes(endpoint.kind)) {
    throw new DomainError('invalid', 'invalid_agent_provider', `"${provider}" is not a provider agents can use`, 'provider');
  }
}

/** Every tool must exist: a built-in tool, or an operation of one of the agent's own actions. */
export function checkTools(tools: readonly string[], actionToolNames: readonly string[]): void {
  const known = new Set([...BUILTIN_TOOLS.map((tool) => tool.pluginKey), ...actionToolNames]);
  const unknown = tools.find((tool) => !known.has(tool));
  if (unknown !== undefined) throw new DomainError('invalid', ERROR_CODES.validation, `There is no tool named "${unknown}"`, 'tools');
}

/** Whether projectIds sent (or not sent) leave the agent's sharing as it is. */
export function sameProjects(before: readonly string[], after: readonly string[] | undefined): boolean {
  return after === undefined || (before.length === after.length && before.every((id) => after.includes(id)));
}

/** Changing whether an agent is shared with everyone (either way) needs AGENTS/SHARED_GLOBAL. */
export async function checkSharing(role: Role, before: readonly string[], after: readonly string[] | undefined, deps: Pick<AgentDeps, 'requirePermission'>): Promise<void> {
  if (!sameProjects(before, after)) await deps.requirePermission(role, 'AGENTS', 'SHARED_GLOBAL');
}

export const agentNotFound = () => new DomainError('not-found', ERROR_CODES.notFound, 'Agent not found');

/** Another user's shared agent can be read and used, and changed only when its author made it collaborative. */
export function canEdit(agent: Agent, userId: string): boolean {
  return agent.author === userId || agent.isCollaborative;
}

export const notEditable = () => new DomainError('forbidden', ERROR_CODES.forbidden, 'Only the author can change this agent');
