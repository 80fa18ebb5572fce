import type { Interaction, InteractionKind } from '@meld/shared';
import { keys } from './keys.ts';
import { keepRecentCopy, keepRecentDeletion, recentCopies, withRecentCopies } from './recent-interactions.ts';
import { isConditionFailed, table, ttlFrom } from './table.ts';

/** An interaction as stored: `updatedAt` is always set (the first save's capturedAt). */
export type StoredInteraction = Interaction & { updatedAt: string };

/** A retry must come within this long to be recognised; after it the claim expires. */
const REQUEST_CLAIM_DAYS = 7;
const INTERNAL = ['pk', 'sk', 'entity', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk'];

function toItem(userId: string, interaction: StoredInteraction) {
  const { _id: id, date, kind, capturedAt } = interaction;
  const list = `${capturedAt}#${id}`;
  return {
    ...keys.interaction(userId, id),
    entity: 'interaction',
    ...interaction,
    gsi1pk: keys.interactionDays(userId),
    gsi1sk: keys.interactionDay(date, kind, interaction.interactionMeta.type, id),
    gsi2pk: keys.interactionList(userId),
    gsi2sk: list,
    gsi3pk: keys.interactionList(userId, kind),
    gsi3sk: list,
  };
}

function fromItem(item: Record<string, unknown>): StoredInteraction {
  const interaction = { ...item };
  for (const name of INTERNAL) delete interaction[name];
  return interaction as StoredInteraction;
}

/** Writes a new interaction; false when one with this id exists already. */
export async function insertInteraction(userId: string, interaction: StoredInteraction): Promise<boolean> {
  try {
    await table.put(toItem(userId, interaction), { ConditionExpression: 'attribute_not_exists(pk)' });
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
  await keepRecentCopy(userId, interaction);
  return true;
}

export async function getInteraction(userId: string, interactionId: string, consistent = false): Promise<StoredInteraction | undefined> {
  const item = await table.get<Record<string, unknown>>(keys.interaction(userId, interactionId), consistent);
  return item ? fromItem(item) : undefined;
}

/**
 * Changes an interaction: read, change, put back conditioned on the `updatedAt` read, retried when
 * another save came in between. Undefined when there is no such interaction.
 */
export async function updateInteraction(
  userId: string,
  interactionId: string,
  change: (current: StoredInteraction) => StoredInteraction,
): Promise<StoredInteraction | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    // Consistent: the interaction may have been saved a moment ago (the evening reflection its summary goes on).
    const current = await getInteraction(userId, interactionId, true);
    if (!current) return undefined;
    const next = change(current);
    try {
      await table.put(toItem(userId, next), { ConditionExpression: 'updatedAt = :seen', ExpressionAttributeValues: { ':seen': current.updatedAt } });
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      continue;
    }
    await keepRecentCopy(userId, next, current.date);
    return next;
  }
  throw new Error(`Interaction ${interactionId} kept changing while being updated`);
}

export async function deleteInteraction(userId: string, interactionId: string): Promise<void> {
  const deleted = await table.delete<Record<string, unknown>>(keys.interaction(userId, interactionId), { ReturnValues: 'ALL_OLD' });
  if (deleted) await keepRecentDeletion(userId, fromItem(deleted));
}

/**
 * Claims a client request id for an interaction id (decision 0001: the claim comes first). Returns
 * undefined when this call claimed it, else the interaction id the first request claimed it for.
 */
export async function claimInteractionRequest(userId: string, clientRequestId: string, interactionId: string, now: Date): Promise<string | undefined> {
  const key = keys.interactionRequest(userId, clientRequestId);
  try {
    const expiresAt = ttlFrom(new Date(now.getTime() + REQUEST_CLAIM_DAYS * 86_400_000));
    await table.put({ ...key, entity: 'interactionRequest', interactionId, expiresAt }, { ConditionExpression: 'attribute_not_exists(pk)' });
    return undefined;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  const claim = await table.get<{ interactionId: string }>(key, true);
  return claim?.interactionId ?? interactionId;
}

export interface InteractionListOptions {
  kind?: InteractionKind | undefined;
  limit: number;
  direction: 'asc' | 'desc';
}

/** The newest (or oldest) interactions by capturedAt, of one kind or all: one query. */
export async function listInteractions(userId: string, options: InteractionListOptions): Promise<StoredInteraction[]> {
  const [index, pk] = options.kind ? ['gsi3', 'gsi3pk'] : ['gsi2', 'gsi2pk'];
  const { items } = await table.query<Record<string, unknown>>({
    IndexName: index,
    KeyConditionExpression: `${pk} = :pk`,
    ExpressionAttributeValues: { ':pk': keys.interactionList(userId, options.kind) },
    ScanIndexForward: options.direction === 'asc',
    Limit: options.limit,
  });
  return items.map(fromItem);
}

/**
 * Every interaction of the local days from `from` to `to` inclusive, in gsi1's order: one query per
 * 1 MB page, and beside it one consistent query of the recent writes the index may not show yet.
 */
export async function interactionsBetween(userId: string, from: string, to: string): Promise<StoredInteraction[]> {
  const range = keys.interactionDayRange(from, to);
  const [items, recent] = await Promise.all([
    table.queryAll<Record<string, unknown>>({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.interactionDays(userId), ':from': range.from, ':to': range.to },
    }),
    recentCopies(userId, from, to),
  ]);
  const dayKey = (interaction: StoredInteraction) => keys.interactionDay(interaction.date, interaction.kind, interaction.interactionMeta.type, interaction._id);
  return withRecentCopies(items.map(fromItem), recent).sort((a, b) => (dayKey(a) < dayKey(b) ? -1 : dayKey(a) > dayKey(b) ? 1 : 0));
}
