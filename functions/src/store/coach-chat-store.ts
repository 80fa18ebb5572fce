import type { CoachSources, ContextChip } from '@meld/shared';
import { keys } from './keys.ts';
import { isConditionFailed, table, type Keys } from './table.ts';

/** A coach thread's own state; its title, messages and times live on its conversation. */
export interface StoredCoachThread {
  id: string;
  /** The conversation holding the messages; null until the first message starts it. */
  conversationId: string | null;
  isPinned: boolean;
  mutedUntil: string | null;
  contextChips: ContextChip[];
  lastMessage: string | null;
  lastSender: 'ai' | 'user' | null;
  lastActivity: string;
  /** When the member last opened the thread; replies after it are unread. */
  lastReadAt: string;
  createdAt: string;
}

/** One message's coach state; absent until a reply is saved or the member reacts. */
export interface StoredCoachMessageState {
  messageId: string;
  sources?: CoachSources;
  thumbsUp?: boolean;
  bookmarkedFragmentId?: string;
  /** Set while the reply is marked (thumbs-up or bookmark): the log's coach highlight. */
  highlight?: StoredCoachHighlight;
}

/**
 * A marked reply as the log reads it, in gsi1 by mark time. The excerpt spares the log reading
 * every thread's messages; the conversation's message store stays the record.
 */
export interface StoredCoachHighlight {
  threadId: string;
  conversationId: string;
  messageId: string;
  markedAt: string;
  excerpt: string;
}

type ThreadItem = StoredCoachThread & Keys & { entity: 'coachThread' };
type MessageStateItem = StoredCoachMessageState & Keys & { entity: 'coachMessage'; gsi1pk?: string; gsi1sk?: string };

function threadFromItem(item: ThreadItem): StoredCoachThread {
  const { pk: _pk, sk: _sk, entity: _entity, ...thread } = item;
  return thread;
}

function stateFromItem(item: MessageStateItem): StoredCoachMessageState {
  const { pk: _pk, sk: _sk, entity: _entity, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, ...state } = item;
  return state;
}

export async function putCoachThread(userId: string, thread: StoredCoachThread): Promise<void> {
  await table.put({ ...thread, ...keys.coachThread(userId, thread.id), entity: 'coachThread' }, { ConditionExpression: 'attribute_not_exists(pk)' });
}

export async function getCoachThread(userId: string, threadId: string): Promise<StoredCoachThread | undefined> {
  const item = await table.get<ThreadItem>(keys.coachThread(userId, threadId));
  return item ? threadFromItem(item) : undefined;
}

/** Every coach thread of the user, in one query per 1 MB page. */
export async function listCoachThreads(userId: string): Promise<StoredCoachThread[]> {
  const items = await table.queryAll<ThreadItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.coachThreadPrefix },
  });
  return items.map(threadFromItem);
}

/** Sets the given fields in one conditional write; undefined when the user has no such thread. */
export async function updateCoachThread(userId: string, threadId: string, change: Partial<Omit<StoredCoachThread, 'id' | 'createdAt'>>): Promise<StoredCoachThread | undefined> {
  const entries = Object.entries(change).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return getCoachThread(userId, threadId);
  const names = Object.fromEntries(entries.map(([key], index) => [`#f${index}`, key]));
  const values = Object.fromEntries(entries.map(([, value], index) => [`:v${index}`, value]));
  try {
    const item = await table.update<ThreadItem>(keys.coachThread(userId, threadId), {
      UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ConditionExpression: 'attribute_exists(pk)',
      ReturnValues: 'ALL_NEW',
    });
    return item && threadFromItem(item);
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

function statesQuery(userId: string, threadId: string) {
  return {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.coachMessagePrefix(threadId) },
  };
}

export async function listCoachMessageStates(userId: string, threadId: string): Promise<StoredCoachMessageState[]> {
  const items = await table.queryAll<MessageStateItem>(statesQuery(userId, threadId));
  return items.map(stateFromItem);
}

/** Creates or changes one message's coach state (an upsert: the first reaction creates it). */
export async function updateCoachMessageState(userId: string, threadId: string, state: StoredCoachMessageState): Promise<StoredCoachMessageState> {
  const { messageId, ...fields } = state;
  const entries = [['entity', 'coachMessage'], ['messageId', messageId], ...Object.entries(fields).filter(([, value]) => value !== undefined)] as [string, unknown][];
  const item = await table.update<MessageStateItem>(keys.coachMessage(userId, threadId, messageId), {
    UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([key], index) => [`#f${index}`, key])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], index) => [`:v${index}`, value])),
    ReturnValues: 'ALL_NEW',
  });
  return stateFromItem(item!);
}

/** Puts the reply in the log's index (the state item exists: a reaction or bookmark just wrote it). */
export async function markCoachHighlight(userId: string, highlight: StoredCoachHighlight): Promise<StoredCoachMessageState> {
  const item = await table.update<MessageStateItem>(keys.coachMessage(userId, highlight.threadId, highlight.messageId), {
    UpdateExpression: 'SET highlight = :highlight, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk',
    ExpressionAttributeValues: {
      ':highlight': highlight,
      ':gsi1pk': keys.coachHighlightList(userId),
      ':gsi1sk': `${highlight.markedAt}#${highlight.threadId}#${highlight.messageId}`,
    },
    ReturnValues: 'ALL_NEW',
  });
  return stateFromItem(item!);
}

/** Takes the reply out of the log's index once neither mark is left. */
export async function clearCoachHighlight(userId: string, threadId: string, messageId: string): Promise<StoredCoachMessageState> {
  const item = await table.update<MessageStateItem>(keys.coachMessage(userId, threadId, messageId), {
    UpdateExpression: 'REMOVE highlight, gsi1pk, gsi1sk',
    ReturnValues: 'ALL_NEW',
  });
  return stateFromItem(item!);
}

/** Replies marked from `fromIso` to `toIso` inclusive, oldest first: one range query (the log's month). */
export async function listCoachHighlightsBetween(userId: string, fromIso: string, toIso: string): Promise<StoredCoachHighlight[]> {
  const items = await table.queryAll<Pick<MessageStateItem, 'highlight'>>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.coachHighlightList(userId), ':from': `${fromIso}#`, ':to': `${toIso}$` },
    ProjectionExpression: 'highlight',
  });
  return items.flatMap((item) => (item.highlight ? [item.highlight] : []));
}

/** Removes the thread's coach state and its messages' (the conversation goes through its own store). */
export async function deleteCoachThreadState(userId: string, threadId: string): Promise<void> {
  const states = await table.queryAll<Keys>({ ...statesQuery(userId, threadId), ProjectionExpression: 'pk, sk' });
  await table.batchWrite([], [...states, keys.coachThread(userId, threadId)]);
}
