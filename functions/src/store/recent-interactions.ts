import { keys } from './keys.ts';
import type { StoredInteraction } from './interaction-store.ts';
import { table, ttlFrom } from './table.ts';

/**
 * Days of interactions come from gsi1, which is eventually consistent: read right after a save (the
 * evening summary the browser asks for once the reflection is saved, the day's question, the
 * compass view it reloads) a day could miss it, or still hold one just moved or deleted. So each
 * write also keeps a copy of the interaction in the user's partition under its day (a tombstone for
 * a deletion or a move), read consistently beside the index; the newer of the two wins. Copies
 * expire after an hour, by when the index has long caught up.
 */
const RECENT_COPY_MS = 60 * 60 * 1000;

interface RecentCopy {
  interactionId: string;
  date: string;
  /** The interaction as written, or absent: it was deleted from this day (or moved off it) at `goneAt`. */
  interaction?: StoredInteraction;
  goneAt?: string;
}

function expiresAt(): number {
  return ttlFrom(new Date(Date.now() + RECENT_COPY_MS));
}

/** After a save: the interaction as written, and when it moved to another day, a tombstone on the old one. */
export async function keepRecentCopy(userId: string, interaction: StoredInteraction, previousDate?: string): Promise<void> {
  const copies: (RecentCopy & { pk: string; sk: string })[] = [
    { ...keys.recentInteraction(userId, interaction.date, interaction._id), interactionId: interaction._id, date: interaction.date, interaction },
  ];
  if (previousDate && previousDate !== interaction.date) {
    copies.push({ ...keys.recentInteraction(userId, previousDate, interaction._id), interactionId: interaction._id, date: previousDate, goneAt: interaction.updatedAt });
  }
  await table.batchWrite(copies.map((copy) => ({ ...copy, entity: 'recentInteraction', expiresAt: expiresAt() })));
}

/** After a deletion: a tombstone on its day, newer than any copy the index may still hold. */
export async function keepRecentDeletion(userId: string, deleted: StoredInteraction): Promise<void> {
  const goneAt = [new Date().toISOString(), deleted.updatedAt].sort().at(-1)!;
  await table.put({ ...keys.recentInteraction(userId, deleted.date, deleted._id), entity: 'recentInteraction', interactionId: deleted._id, date: deleted.date, goneAt, expiresAt: expiresAt() });
}

/** The recent copies of the days from `from` to `to`: one consistent query of the user's partition. */
export function recentCopies(userId: string, from: string, to: string): Promise<RecentCopy[]> {
  const range = keys.recentInteractionRange(from, to);
  return table.queryAll<RecentCopy>({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':from': range.from, ':to': range.to },
    ConsistentRead: true,
  });
}

/** The index's interactions with the recent copies laid over them, each interaction at its newest. */
export function withRecentCopies(indexed: StoredInteraction[], copies: RecentCopy[]): StoredInteraction[] {
  const byId = new Map(indexed.map((interaction) => [interaction._id, interaction]));
  for (const copy of copies) {
    const current = byId.get(copy.interactionId);
    if (copy.interaction) {
      if (!current || current.updatedAt <= copy.interaction.updatedAt) byId.set(copy.interactionId, copy.interaction);
    } else if (current?.date === copy.date && current.updatedAt <= copy.goneAt!) {
      byId.delete(copy.interactionId);
    }
  }
  return [...byId.values()];
}
