import { GLOBAL_PROJECT_ID, type Agent } from '@meld/shared';
import type { Sealed } from '../crypto/envelope.ts';
import type { ActionOperation } from '../domain/agents/actions/openapi.ts';
import { decodeCursor, encodeCursor, withCursorCheck } from './conversation-store.ts';
import { assertItemFits } from './item-size.ts';
import { keys } from './keys.ts';
import { isConditionFailed, isExpired, table, type Keys } from './table.ts';

/**
 * Agents, their actions and users' installed plugins (decision 0027). An agent lives in its
 * author's partition and is listed through gsi1 (the author's agents); a globally shared one is
 * also in gsi2 (every shared agent) and gsi3 (by id, for users who do not know its author).
 */

const AGENT_FIELDS = [
  'id', 'name', 'description', 'instructions', 'provider', 'model', 'model_parameters', 'tools', 'actions', 'conversation_starters',
  'artifacts', 'isCollaborative', 'recursion_limit', 'projectIds', 'avatar', 'author', 'authorName', 'createdAt', 'updatedAt',
] as const;

type AgentItem = Agent & Record<string, unknown>;

export const isGlobalAgent = (agent: Pick<Agent, 'projectIds'>) => agent.projectIds.includes(GLOBAL_PROJECT_ID);

function toItem(agent: Agent): AgentItem & { pk: string; sk: string } {
  const item = itemOf(agent);
  // model_parameters may hold any number of entries.
  assertItemFits(item, 'This agent', 'Shorten its instructions or remove some of its model parameters.');
  return item;
}

function itemOf(agent: Agent): AgentItem & { pk: string; sk: string } {
  const sort = keys.agentListSort(agent.updatedAt, agent.id);
  return {
    ...keys.agent(agent.author, agent.id),
    entity: 'agent',
    ...agent,
    nameLower: agent.name.toLowerCase(),
    gsi1pk: keys.agentList(agent.author),
    gsi1sk: sort,
    ...(isGlobalAgent(agent) ? { gsi2pk: keys.globalAgentList, gsi2sk: sort, gsi3pk: keys.sharedAgentId(agent.id), gsi3sk: 'AGENT' } : {}),
  };
}

function fromItem(item: AgentItem): Agent {
  return Object.fromEntries(AGENT_FIELDS.map((field) => [field, item[field]])) as Agent;
}

/** Writes a new agent; false when the id is taken. */
export async function createAgentItem(agent: Agent): Promise<boolean> {
  try {
    await table.put(toItem(agent), { ConditionExpression: 'attribute_not_exists(pk)' });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Replaces a stored agent if nobody changed it since `previousUpdatedAt` was read; false when it
 * changed or is gone (the caller reads again). The whole item is written, so the indexes follow.
 */
export async function replaceAgent(agent: Agent, previousUpdatedAt: string): Promise<boolean> {
  try {
    await table.put(toItem(agent), { ConditionExpression: 'updatedAt = :previous', ExpressionAttributeValues: { ':previous': previousUpdatedAt } });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** The user's own agent (consistent read). */
export async function getOwnAgent(userId: string, agentId: string): Promise<Agent | undefined> {
  const item = await table.get<AgentItem>(keys.agent(userId, agentId), true);
  return item ? fromItem(item) : undefined;
}

/**
 * A globally shared agent by id, whoever wrote it. gsi3 finds its author; the agent is then read
 * from the author's partition, consistently: the index is eventually consistent, and its copy may
 * be a second old (a collaborator's edit right after another would be refused as a conflict) or
 * still shared after the author stopped sharing it.
 */
export async function getSharedAgent(agentId: string): Promise<Agent | undefined> {
  const { items } = await table.query<AgentItem>({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.sharedAgentId(agentId) },
    ProjectionExpression: 'author',
    Limit: 1,
  });
  const author = items[0]?.author;
  const agent = author ? await getOwnAgent(author, agentId) : undefined;
  return agent && isGlobalAgent(agent) ? agent : undefined;
}

export async function deleteAgentItem(userId: string, agentId: string): Promise<boolean> {
  const old = await table.delete<AgentItem>(keys.agent(userId, agentId), { ReturnValues: 'ALL_OLD' });
  return old !== undefined;
}

export interface AgentPage {
  agents: Agent[];
  /** Where the next page starts, or null at the end of this list. */
  nextKey: Record<string, unknown> | null;
}

/**
 * One page of an agent list, newest change first: the author's own (gsi1) or the shared ones (gsi2)
 * without `excludeAuthor`'s. A name filter may leave a DynamoDB page short, so pages are read until
 * `limit` agents are found; the next key is the last returned agent's, never one past it.
 */
export async function pageAgents(
  list: { kind: 'own'; userId: string } | { kind: 'global'; excludeAuthor: string },
  limit: number,
  startKey: Record<string, unknown> | undefined,
  search: string | undefined,
): Promise<AgentPage> {
  const index = list.kind === 'own' ? 'gsi1' : 'gsi2';
  const filters: string[] = [];
  const values: Record<string, unknown> = { ':pk': list.kind === 'own' ? keys.agentList(list.userId) : keys.globalAgentList };
  if (list.kind === 'global') {
    filters.push('#author <> :me');
    values[':me'] = list.excludeAuthor;
  }
  if (search) {
    filters.push('contains(nameLower, :search)');
    values[':search'] = search.toLowerCase();
  }
  const found: AgentItem[] = [];
  let start = startKey;
  do {
    const page = await withCursorCheck(() =>
      table.query<AgentItem>({
        IndexName: index,
        KeyConditionExpression: `${index}pk = :pk`,
        ExpressionAttributeValues: values,
        ...(filters.length > 0 ? { FilterExpression: filters.join(' AND ') } : {}),
        ...(list.kind === 'global' ? { ExpressionAttributeNames: { '#author': 'author' } } : {}),
        ScanIndexForward: false,
        Limit: limit - found.length + (filters.length > 0 ? 10 : 0),
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    found.push(...page.items);
    start = page.lastKey;
  } while (start && found.length < limit);
  const agents = found.slice(0, limit);
  const last = agents.at(-1);
  const more = found.length > limit || (start !== undefined && found.length >= limit);
  const nextKey = more && last ? { pk: last.pk, sk: last.sk, [`${index}pk`]: last[`${index}pk`], [`${index}sk`]: last[`${index}sk`] } : null;
  return { agents: agents.map(fromItem), nextKey };
}

export { decodeCursor as decodeAgentCursor, encodeCursor as encodeAgentCursor };

/** An action as stored: its API key sealed with the author's id and the action's id as context. */
export interface StoredAction {
  actionId: string;
  agentId: string;
  domain: string;
  /** The document's server URL (without a trailing slash) the operations call; part of the secrets' target. Missing on actions saved before it was kept. */
  server?: string;
  rawSpec: string;
  auth: {
    type: 'none' | 'service_http' | 'oauth';
    authorization_type?: 'bearer' | 'basic' | 'custom';
    custom_auth_header?: string;
    authorization_url?: string;
    client_url?: string;
    scope?: string;
    oauth_client_id?: string;
  };
  /** The action's secret: its API key, or its OAuth client secret, sealed for its target (action-target.ts). */
  sealedKey?: Sealed;
  tools: string[];
  /** The document's operations, converted when it was saved. */
  operations: ActionOperation[];
  updatedAt: string;
}

const ACTION_FIELDS = ['actionId', 'agentId', 'domain', 'server', 'rawSpec', 'auth', 'sealedKey', 'tools', 'operations', 'updatedAt'] as const;
const actionFrom = (item: Record<string, unknown>) => Object.fromEntries(ACTION_FIELDS.filter((field) => item[field] !== undefined).map((field) => [field, item[field]])) as unknown as StoredAction;

export async function putAction(userId: string, action: StoredAction): Promise<void> {
  await table.put({ ...keys.agentAction(userId, action.agentId, action.actionId), entity: 'agentAction', ...action });
}

export async function getAction(userId: string, agentId: string, actionId: string): Promise<StoredAction | undefined> {
  const item = await table.get<Record<string, unknown>>(keys.agentAction(userId, agentId, actionId), true);
  return item ? actionFrom(item) : undefined;
}

/** The author's actions: one agent's, or (without an agent) all of them. */
export async function listActions(userId: string, agentId?: string): Promise<StoredAction[]> {
  const items = await table.queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.agentActionPrefix(agentId) },
  });
  return items.map(actionFrom);
}

export async function deleteAction(userId: string, agentId: string, actionId: string): Promise<boolean> {
  const old = await table.delete<Record<string, unknown>>(keys.agentAction(userId, agentId, actionId), { ReturnValues: 'ALL_OLD' });
  return old !== undefined;
}

export async function deleteActions(userId: string, actions: readonly StoredAction[]): Promise<void> {
  await table.batchWrite([], actions.map((action) => keys.agentAction(userId, action.agentId, action.actionId)));
}

/** A plugin the user installed: its values, each sealed with the user's id and the plugin key as context. */
export interface StoredPlugin {
  pluginKey: string;
  values: Record<string, Sealed>;
  updatedAt: string;
}

export async function putUserPlugin(userId: string, plugin: StoredPlugin): Promise<void> {
  await table.put({ ...keys.userPlugin(userId, plugin.pluginKey), entity: 'userPlugin', ...plugin });
}

export async function getUserPlugin(userId: string, pluginKey: string): Promise<StoredPlugin | undefined> {
  const item = await table.get<StoredPlugin & Record<string, unknown>>(keys.userPlugin(userId, pluginKey), true);
  return item ? { pluginKey: item.pluginKey, values: item.values, updatedAt: item.updatedAt } : undefined;
}

export async function listUserPluginKeys(userId: string): Promise<string[]> {
  const items = await table.queryAll<{ pluginKey: string }>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.userPluginPrefix },
    ProjectionExpression: 'pluginKey',
  });
  return items.map((item) => item.pluginKey);
}

export async function deleteUserPlugin(userId: string, pluginKey: string): Promise<boolean> {
  const old = await table.delete<Record<string, unknown>>(keys.userPlugin(userId, pluginKey), { ReturnValues: 'ALL_OLD' });
  return old !== undefined;
}

/** A user's tokens for an OAuth action, each sealed with the user's id and the action id. */
export interface StoredActionToken {
  actionId: string;
  accessToken: Sealed;
  refreshToken?: Sealed;
  /** ISO; absent when the provider gave no lifetime. */
  expiresAt?: string;
  updatedAt: string;
}

/** The account a token was written for no longer exists; what was written has been taken back. */
export class AccountGoneError extends Error {
  constructor() {
    super('This account no longer exists.');
    this.name = 'AccountGoneError';
  }
}

/**
 * Keeps a user's tokens while their account exists (issue 21: a sign-in link opened after its
 * member deleted the account wrote tokens into the deleted partition). No transactions here
 * (dynalite has none): the item is written, then the profile read strongly consistent, and when it
 * is gone the item is deleted again and AccountGoneError thrown. A deletion that removed the
 * profile before that read is seen by it; see decision 0027 for one that has not yet.
 */
export async function putActionToken(userId: string, token: StoredActionToken): Promise<void> {
  await table.put({ ...keys.actionToken(userId, token.actionId), entity: 'actionToken', ...token });
  if (await table.get(keys.user(userId), true, ['pk'])) return;
  await table.delete(keys.actionToken(userId, token.actionId));
  throw new AccountGoneError();
}

export async function getActionToken(userId: string, actionId: string): Promise<StoredActionToken | undefined> {
  const item = await table.get<StoredActionToken & Record<string, unknown>>(keys.actionToken(userId, actionId), true);
  if (!item) return undefined;
  const { actionId: id, accessToken, refreshToken, expiresAt, updatedAt } = item;
  return { actionId: id, accessToken, ...(refreshToken ? { refreshToken } : {}), ...(expiresAt ? { expiresAt } : {}), updatedAt };
}

export async function deleteActionToken(userId: string, actionId: string): Promise<void> {
  await table.delete(keys.actionToken(userId, actionId));
}

/**
 * An OAuth action's sign-in begun by its member and not yet completed (decision 0027): written when
 * their signed-in request starts it, removed by the callback that completes it, so each state is
 * spent once. `expiresAt` (epoch seconds) is the table's TTL attribute.
 */
const actionSignInKey = (userId: string, signInId: string) => ({ pk: keys.userPartition(userId), sk: `ACTION_SIGN_IN#${signInId}` });

export async function putActionSignIn(userId: string, signIn: { signInId: string; actionId: string; expiresAt: number }): Promise<void> {
  await table.put({ ...actionSignInKey(userId, signIn.signInId), entity: 'actionSignIn', ...signIn });
}

/**
 * Removes the sign-in and answers whether it was there, for this action and not yet expired. Deletes
 * of one item are serialised: of two racing callbacks only one gets the old item back.
 */
export async function takeActionSignIn(userId: string, signInId: string, actionId: string, now: Date): Promise<boolean> {
  const old = await table.delete<{ actionId: string; expiresAt: number }>(actionSignInKey(userId, signInId), { ReturnValues: 'ALL_OLD' });
  return old !== undefined && old.actionId === actionId && !isExpired(old, now);
}

/**
 * Forgets every action token of the user (a password reset): a provider account someone connected
 * to the member's tools while holding their session stays no longer behind them (issue 21).
 */
export async function forgetActionTokens(userId: string): Promise<void> {
  const tokens = await table.queryAll<Keys>({
    ConsistentRead: true,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': 'ACTION_TOKEN#' },
    ProjectionExpression: 'pk, sk',
  });
  if (tokens.length > 0) await table.batchWrite([], tokens);
}
