import { randomBytes } from 'node:crypto';
import { AGENT_LIMITS, ERROR_CODES, type Action, type Agent, type Role, type SaveActionBody } from '@meld/shared';
import { seal } from '../../../crypto/envelope.ts';
import type { StoredAction } from '../../../store/agent-store.ts';
import { DomainError } from '../../errors.ts';
import type { AgentDeps } from '../agent-deps.ts';
import { editableAgent, saveAgent } from '../agents.ts';
import { actionSealContext, sameTarget, type TargetOf } from './action-target.ts';
import { InvalidSpecError, serverText, specToOperations } from './openapi.ts';

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

type AuthInput = SaveActionBody['metadata']['auth'];

/** The auth as stored: what was sent, without its secret. */
function storedAuth(auth: AuthInput, deps: Pick<AgentDeps, 'serverOrigin'>): StoredAction['auth'] {
  if (auth.type === 'none') return { type: 'none' };
  if (auth.type === 'oauth') {
    if (!deps.serverOrigin()) throw invalidAction("OAuth actions need the server's address (serverDomain) in the configuration", 'metadata.auth.type');
    return { type: auth.type, authorization_url: auth.authorization_url, client_url: auth.client_url, oauth_client_id: auth.oauth_client_id, ...(auth.scope ? { scope: auth.scope } : {}) };
  }
  if (auth.authorization_type === 'custom' && !auth.custom_auth_header) throw invalidAction('Name the header the API key goes in', 'metadata.auth.custom_auth_header');
  return { type: auth.type, authorization_type: auth.authorization_type, ...(auth.authorization_type === 'custom' ? { custom_auth_header: auth.custom_auth_header } : {}) };
}

const secretOf = (auth: AuthInput) => (auth.type === 'service_http' ? auth.api_key : auth.type === 'oauth' ? auth.oauth_client_secret : undefined);
/** Stored maps come back from DynamoDB in any key order. */
const authText = (auth: StoredAction['auth']) => JSON.stringify(Object.entries(auth).filter(([, value]) => value !== undefined).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Only the agent's author may change where an existing action calls, how it signs in, or its
 * secret: a collaborator could otherwise point the author's key at a server of their own, or swap
 * in their own key to collect what the agent's users send. They may still change its document.
 */
function checkAuthorChange(userId: string, author: string, previous: StoredAction | undefined, next: TargetOf, secret: string | undefined): void {
  if (userId === author || !previous) return;
  if (secret === undefined && sameTarget(previous, next) && authText(previous.auth) === authText(next.auth)) return;
  throw new DomainError('forbidden', ERROR_CODES.forbidden, "Only the agent's author can change an action's server, domain or authentication");
}

/**
 * The sealed secret of a save (the API key, or the OAuth client secret): a new one is sealed for
 * the action's target; without one, the stored one is kept only when the target is exactly the one
 * it was entered for, so a changed domain, server or sign-in never receives it.
 */
async function secretOfSave(body: SaveActionBody, author: string, action: Pick<StoredAction, 'actionId'> & TargetOf, previous: StoredAction | undefined, deps: Pick<AgentDeps, 'encryptionKeys'>) {
  if (action.auth.type === 'none') return undefined;
  const secret = secretOf(body.metadata.auth);
  if (secret) return seal(secret, await deps.encryptionKeys(), actionSealContext(author, action));
  if (previous?.sealedKey && sameTarget(previous, action)) return previous.sealedKey;
  const [field, name] = action.auth.type === 'oauth' ? ['metadata.auth.oauth_client_secret', 'client secret'] : ['metadata.auth.api_key', 'API key'];
  if (!previous?.sealedKey) throw invalidAction(`Enter the ${name}`, field);
  throw invalidAction(`Enter the ${name} again: a saved one is only sent to the server and sign-in it was entered for`, field);
}

/**
 * `POST /api/agents/actions/{agentId}`: adds an action to an agent the user may change, or (with
 * action_id) replaces one of its actions. The action is written before the agent names it, so a
 * failure between the two leaves an unused action, never an agent naming a missing one.
 */
export async function saveAction(userId: string, role: Role, agentId: string, body: SaveActionBody, now: Date, deps: AgentDeps): Promise<{ agent: Agent; action: Action }> {
  const agent = await editableAgent(userId, role, agentId, deps);
  const domain = normaliseDomain(body.metadata.domain);
  let server, operations;
  try {
    ({ server, operations } = await specToOperations(body.metadata.raw_spec, domain));
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
  const target = { actionId, domain, server: serverText(server), auth: storedAuth(body.metadata.auth, deps) };
  checkAuthorChange(userId, agent.author, previous, target, secretOf(body.metadata.auth));
  const sealedKey = await secretOfSave(body, agent.author, target, previous, deps);
  const stored: StoredAction = {
    ...target,
    agentId: agent.id,
    rawSpec: body.metadata.raw_spec,
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
