import { randomBytes } from 'node:crypto';
import { AGENT_LIMITS, ERROR_CODES, type Agent, type CreateAgentBody, type ListAgentsResponse, type Role, type UpdateAgentBody } from '@meld/shared';
import { InvalidCursorError } from '../../store/conversation-store.ts';
import { decodeAgentCursor, encodeAgentCursor } from '../../store/agent-store.ts';
import { DomainError } from '../errors.ts';
import type { AgentDeps } from './agent-deps.ts';
import { agentNotFound, canEdit, checkProvider, checkSharing, checkTools, notEditable, sameProjects } from './agent-rules.ts';

export const newAgentId = () => `agent_${randomBytes(16).toString('base64url')}`;

/**
 * The agent a user may use: their own, or a globally shared one. Needs AGENTS/USE; anything else
 * (another user's private agent, an unknown id) is not found. The agent chat loads its agent here.
 */
export async function loadAgent(userId: string, role: Role, agentId: string, deps: AgentDeps): Promise<Agent> {
  await deps.requirePermission(role, 'AGENTS', 'USE');
  const agent = (await deps.store.getOwnAgent(userId, agentId)) ?? (await deps.store.getSharedAgent(agentId));
  if (!agent) throw agentNotFound();
  return agent;
}

export async function createAgent(userId: string, role: Role, body: CreateAgentBody, now: Date, deps: AgentDeps): Promise<Agent> {
  await deps.requirePermission(role, 'AGENTS', 'CREATE');
  await checkSharing(role, [], body.projectIds, deps);
  checkProvider(body.provider, deps);
  checkTools(body.tools ?? [], []);
  const at = now.toISOString();
  const agent: Agent = {
    id: newAgentId(),
    name: body.name,
    description: body.description ?? '',
    instructions: body.instructions ?? '',
    provider: body.provider,
    model: body.model,
    model_parameters: body.model_parameters ?? {},
    tools: [...new Set(body.tools ?? [])],
    actions: [],
    conversation_starters: body.conversation_starters ?? [],
    artifacts: body.artifacts ?? '',
    isCollaborative: body.isCollaborative ?? false,
    recursion_limit: body.recursion_limit ?? AGENT_LIMITS.recursionLimitDefault,
    projectIds: body.projectIds ?? [],
    avatar: null,
    author: userId,
    authorName: await deps.userName(userId),
    createdAt: at,
    updatedAt: at,
  };
  if (!(await deps.store.createAgentItem(agent))) throw new DomainError('conflict', ERROR_CODES.conflict, 'Could not create the agent; try again');
  return agent;
}

/** An agent the user may change: their own, or a shared collaborative one. Needs AGENTS/CREATE. */
export async function editableAgent(userId: string, role: Role, agentId: string, deps: AgentDeps): Promise<Agent> {
  await deps.requirePermission(role, 'AGENTS', 'CREATE');
  const own = await deps.store.getOwnAgent(userId, agentId);
  if (own) return own;
  const shared = await deps.store.getSharedAgent(agentId);
  if (!shared) throw agentNotFound();
  if (!canEdit(shared, userId)) throw notEditable();
  return shared;
}

/** Writes a changed agent if nobody else changed it since it was read. */
export async function saveAgent(before: Agent, after: Agent, deps: AgentDeps): Promise<Agent> {
  if (!(await deps.store.replaceAgent(after, before.updatedAt))) {
    throw new DomainError('conflict', ERROR_CODES.conflict, 'The agent changed meanwhile; reload it and try again');
  }
  return after;
}

export async function updateAgent(userId: string, role: Role, agentId: string, body: UpdateAgentBody, now: Date, deps: AgentDeps): Promise<Agent> {
  const before = await editableAgent(userId, role, agentId, deps);
  // A collaborator may change the content, not who it is shared with (a form may send them unchanged).
  const sameCollaboration = body.isCollaborative === undefined || body.isCollaborative === before.isCollaborative;
  if (before.author !== userId && !(sameProjects(before.projectIds, body.projectIds) && sameCollaboration)) throw notEditable();
  await checkSharing(role, before.projectIds, body.projectIds, deps);
  if (body.provider !== undefined) checkProvider(body.provider, deps);
  if (body.tools !== undefined) {
    const actions = await deps.store.listActions(before.author, before.id);
    checkTools(body.tools, actions.flatMap((action) => action.tools));
  }
  const after: Agent = { ...before, ...body, tools: body.tools ? [...new Set(body.tools)] : before.tools, updatedAt: now.toISOString() };
  return saveAgent(before, after, deps);
}

/** Deletes the user's own agent and its actions; another user's is not found (or, when shared, not theirs to delete). */
export async function deleteAgent(userId: string, role: Role, agentId: string, deps: AgentDeps): Promise<{ deleted: boolean }> {
  await deps.requirePermission(role, 'AGENTS', 'CREATE');
  const own = await deps.store.getOwnAgent(userId, agentId);
  if (!own) {
    if (await deps.store.getSharedAgent(agentId)) throw notEditable();
    throw agentNotFound();
  }
  await deps.store.deleteActions(userId, await deps.store.listActions(userId, agentId));
  return { deleted: await deps.store.deleteAgentItem(userId, agentId) };
}

/**
 * A private copy of an agent the user can use, authored by them. Its actions are copied with their
 * documents but without their keys: a key belongs to whoever entered it, so the copy asks again.
 */
export async function duplicateAgent(userId: string, role: Role, agentId: string, now: Date, deps: AgentDeps): Promise<Agent> {
  const source = await loadAgent(userId, role, agentId, deps);
  await deps.requirePermission(role, 'AGENTS', 'CREATE');
  const at = now.toISOString();
  const copy: Agent = {
    ...source,
    id: newAgentId(),
    name: `${source.name} (copy)`.slice(0, AGENT_LIMITS.nameMax),
    projectIds: [],
    isCollaborative: false,
    author: userId,
    authorName: await deps.userName(userId),
    actions: [],
    createdAt: at,
    updatedAt: at,
  };
  const actions = await deps.store.listActions(source.author, source.id);
  for (const action of actions) {
    const actionId = `action_${randomBytes(16).toString('base64url')}`;
    const { sealedKey: _key, ...rest } = action;
    await deps.store.putAction(userId, { ...rest, actionId, agentId: copy.id, updatedAt: at });
    copy.actions.push(actionId);
  }
  if (!(await deps.store.createAgentItem(copy))) throw new DomainError('conflict', ERROR_CODES.conflict, 'Could not copy the agent; try again');
  return copy;
}

type ListCursor = { list: 'own' | 'global'; key: Record<string, unknown> | null };

function readCursor(cursor: string | undefined): ListCursor {
  if (!cursor) return { list: 'own', key: null };
  const decoded = decodeAgentCursor(cursor);
  if ((decoded.list !== 'own' && decoded.list !== 'global') || (decoded.key !== null && typeof decoded.key !== 'object')) throw new InvalidCursorError();
  return decoded as ListCursor;
}

/** The user's own agents, newest change first, then every globally shared agent by someone else. */
export async function listAgents(userId: string, role: Role, query: { cursor?: string; limit: number; search?: string }, deps: AgentDeps): Promise<ListAgentsResponse> {
  await deps.requirePermission(role, 'AGENTS', 'USE');
  let cursor = readCursor(query.cursor);
  const agents: Agent[] = [];
  const search = query.search || undefined;
  if (cursor.list === 'own') {
    const page = await deps.store.pageAgents({ kind: 'own', userId }, query.limit, cursor.key ?? undefined, search);
    agents.push(...page.agents);
    if (page.nextKey) return { agents, nextCursor: encodeAgentCursor({ list: 'own', key: page.nextKey }) };
    cursor = { list: 'global', key: null };
    if (agents.length === query.limit) return { agents, nextCursor: encodeAgentCursor(cursor) };
  }
  const page = await deps.store.pageAgents({ kind: 'global', excludeAuthor: userId }, query.limit - agents.length, cursor.key ?? undefined, search);
  agents.push(...page.agents);
  return { agents, nextCursor: page.nextKey ? encodeAgentCursor({ list: 'global', key: page.nextKey }) : null };
}
