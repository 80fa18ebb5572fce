import { randomBytes } from 'node:crypto';
import { AGENT_LIMITS, ERROR_CODES, type Action, type Agent, type Role, type SaveActionBody } from '@meld/shared';
import { seal } from '../../../crypto/envelope.ts';
import type { StoredAction } from '../../../store/agent-store.ts';
import { DomainError } from '../../errors.ts';
import type { AgentDeps } from '../agent-deps.ts';
import { editableAgent, saveAgent } from '../agents.ts';
import { InvalidSpecError, specToOperations } from './openapi.ts';

/** Sealed with the author's id and the action's id: a key copied to another action or user does not open. */
export const actionSealContext = (authorId: string, actionId: string) => `action\n${authorId}\n${actionId}`;

/** DynamoDB's item limit is 400 KB; the document and its converted operations must fit with room to spare. */
const STORED_ACTION_MAX_BYTES = 350_000;

const invalidAction = (message: string, field = 'metadata.raw_spec') => new DomainError('invalid', 'invalid_action_error', message, field);

/** What the API shows of an action: never a secret, only whether one is set. */
export function actionView(action: StoredAction): Action {
  return {
    action_id: action.actionId,
    agent_id: action.agentId,
    metadata: {
      domain: action.domain,
      raw_spec: action.rawSpec,
      auth: {
        ...action.auth,
        ...(action.auth.type === 'service_http' ? { api_key_set: action.sealedKey !== undefined } : {}),
        ...(action.auth.type === 'oauth' ? { oauth_client_secret_set: action.sealedKey !== undefined } : {}),
      },
      tools: action.tools,
    },
    updatedAt: action.updatedAt,
  };
}

/** The host an action calls, from what the user typed (a host, or a URL). */
export function normaliseDomain(input: string): string {
  const text = input.trim().toLowerCase();
  try {
    return new URL(text.includes('://') ? text : `https://${text}`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    throw invalidAction(`${input} is not a domain`, 'metadata.domain');
  }
}

/**
 * The stored auth and sealed secret of a save (the API key, or the OAuth client secret): a new one
 * is sealed; without one, the stored secret of the same kind is kept.
 */
async function authOf(body: SaveActionBody, author: string, actionId: string, previous: StoredAction | undefined, deps: Pick<AgentDeps, 'encryptionKeys' | 'serverOrigin'>) {
  const auth = body.metadata.auth;
  if (auth.type === 'none') return { auth: { type: 'none' as const }, sealedKey: undefined };
  const sealNew = async (secret: string) => seal(secret, await deps.encryptionKeys(), actionSealContext(author, actionId));
  const kept = previous?.auth.type === auth.type ? previous.sealedKey : undefined;
  if (auth.type === 'oauth') {
    if (!deps.serverOrigin()) throw invalidAction("OAuth actions need the server's address (serverDomain) in the configuration", 'metadata.auth.type');
    const stored = { type: auth.type, authorization_url: auth.authorization_url, client_url: auth.client_url, oauth_client_id: auth.oauth_client_id, ...(auth.scope ? { scope: auth.scope } : {}) };
    if (auth.oauth_client_secret) return { auth: stored, sealedKey: await sealNew(auth.oauth_client_secret) };
    if (kept) return { auth: stored, sealedKey: kept };
    throw invalidAction('Enter the client secret', 'metadata.auth.oauth_client_secret');
  }
  if (auth.authorization_type === 'custom' && !auth.custom_auth_header) throw invalidAction('Name the header the API key goes in', 'metadata.auth.custom_auth_header');
  const stored = { type: auth.type, authorization_type: auth.authorization_type, ...(auth.authorization_type === 'custom' ? { custom_auth_header: auth.custom_auth_header } : {}) };
  if (auth.api_key) return { auth: stored, sealedKey: await sealNew(auth.api_key) };
  if (kept) return { auth: stored, sealedKey: kept };
  throw invalidAction('Enter the API key', 'metadata.auth.api_key');
}

/**
 * `POST /api/agents/actions/{agentId}`: adds an action to an agent the user may change, or (with
 * action_id) replaces one of its actions. The action is written before the agent names it, so a
 * failure between the two leaves an unused action, never an agent naming a missing one.
 */
export async function saveAction(userId: string, role: Role, agentId: string, body: SaveActionBody, now: Date, deps: AgentDeps): Promise<{ agent: Agent; action: Action }> {
  const agent = await editableAgent(userId, role, agentId, deps);
  const domain = normaliseDomain(body.metadata.domain);
  let operations;
  try {
    operations = (await specToOperations(body.metadata.raw_spec, domain)).operations;
  } catch (error) {
    if (error instanceof InvalidSpecError) throw invalidAction(error.message);
    throw error;
  }
  const siblings = await deps.store.listActions(agent.author, agent.id);
  const previous = body.action_id ? siblings.find((action) => action.actionId === body.action_id) : undefined;
  if (body.action_id && !previous) throw new DomainError('not-found', ERROR_CODES.notFound, 'Action not found');
  if (!previous && siblings.length >= AGENT_LIMITS.actionsMax) throw invalidAction(`An agent may have at most ${AGENT_LIMITS.actionsMax} actions`, 'metadata');
  const taken = new Set(siblings.filter((action) => action.actionId !== previous?.actionId).flatMap((action) => action.tools));
  const clash = operations.find((operation) => taken.has(operation.toolName));
  if (clash) throw invalidAction(`Another action of this agent already has the tool ${clash.toolName}`);

  const actionId = previous?.actionId ?? `action_${randomBytes(16).toString('base64url')}`;
  const { auth, sealedKey } = await authOf(body, agent.author, actionId, previous, deps);
  const stored: StoredAction = {
    actionId,
    agentId: agent.id,
    domain,
    rawSpec: body.metadata.raw_spec,
    auth,
    ...(sealedKey ? { sealedKey } : {}),
    tools: operations.map((operation) => operation.toolName),
    operations,
    updatedAt: now.toISOString(),
  };
  if (Buffer.byteLength(JSON.stringify(stored)) > STORED_ACTION_MAX_BYTES) throw invalidAction('The OpenAPI document is too large once converted; split it into smaller actions');
  await deps.store.putAction(agent.author, stored);

  const dropped = new Set((previous?.tools ?? []).filter((tool) => !stored.tools.includes(tool)));
  const updated: Agent = {
    ...agent,
    actions: agent.actions.includes(actionId) ? agent.actions : [...agent.actions, actionId],
    tools: agent.tools.filter((tool) => !dropped.has(tool)),
    updatedAt: now.toISOString(),
  };
  return { agent: await saveAgent(agent, updated, deps), action: actionView(stored) };
}

/** Removes an action from an agent the user may change; the agent no longer names it or its tools. */
export async function deleteAction(userId: string, role: Role, agentId: string, actionId: string, now: Date, deps: AgentDeps): Promise<Agent> {
  const agent = await editableAgent(userId, role, agentId, deps);
  const action = await deps.store.getAction(agent.author, agent.id, actionId);
  if (!action) throw new DomainError('not-found', ERROR_CODES.notFound, 'Action not found');
  await deps.store.deleteAction(agent.author, agent.id, actionId);
  const updated: Agent = {
    ...agent,
    actions: agent.actions.filter((id) => id !== actionId),
    tools: agent.tools.filter((tool) => !action.tools.includes(tool)),
    updatedAt: now.toISOString(),
  };
  return saveAgent(agent, updated, deps);
}

/** `GET /api/agents/actions`: the actions of the user's own agents. */
export async function listActions(userId: string, role: Role, deps: AgentDeps): Promise<Action[]> {
  await deps.requirePermission(role, 'AGENTS', 'USE');
  const actions = await deps.store.listActions(userId);
  return actions.map(actionView);
}
