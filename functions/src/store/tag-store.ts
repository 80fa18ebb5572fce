import type { Tag } from '@meld/shared';
import { keys } from './keys.ts';
import { isConditionFailed, table, type Keys } from './table.ts';

type StoredTag = Tag & Keys & { entity: 'tag' };

/**
 * Tags are items TAG#<name> in the user's partition. Counts only ever change through atomic
 * ADD/SET updates of the count attribute, never by writing a whole item back, so concurrent
 * tagging of different conversations cannot lose increments.
 */
function fromItem(item: StoredTag): Tag {
  const { pk: _pk, sk: _sk, entity: _entity, ...tag } = item;
  return { ...tag, description: tag.description ?? null };
}

function byPosition(a: Tag, b: Tag): number {
  return a.position - b.position || a.tag.localeCompare(b.tag);
}

/** All of a user's tags, by position then name: one query (a user has few tags). */
export async function listTags(userId: string): Promise<Tag[]> {
  const items = await table.queryAll<StoredTag>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.tagPrefix },
  });
  return items.map(fromItem).sort(byPosition);
}

export async function getTag(userId: string, tag: string): Promise<Tag | undefined> {
  const item = await table.get<StoredTag>(keys.tag(userId, tag));
  return item ? fromItem(item) : undefined;
}

/** Writes a new tag; false when the user already has one by that name. */
export async function insertTag(tag: Tag): Promise<boolean> {
  try {
    await table.put({ ...tag, ...keys.tag(tag.user, tag.tag), entity: 'tag' }, { ConditionExpression: 'attribute_not_exists(pk)' });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Changes description and/or position of an existing tag; undefined when there is none. */
export async function updateTag(
  userId: string,
  tag: string,
  change: { description?: string | null | undefined; position?: number | undefined; updatedAt: string },
): Promise<Tag | undefined> {
  const sets = ['updatedAt = :updatedAt'];
  const values: Record<string, unknown> = { ':updatedAt': change.updatedAt };
  if (change.description !== undefined) {
    sets.push('description = :description');
    values[':description'] = change.description;
  }
  if (change.position !== undefined) {
    sets.push('#position = :position');
    values[':position'] = change.position;
  }
  try {
    const item = await table.update<StoredTag>(keys.tag(userId, tag), {
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: change.position === undefined ? undefined : { '#position': 'position' },
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    });
    return item ? fromItem(item) : undefined;
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/** Moves tags to new positions, one small update each; tags deleted meanwhile are skipped. */
export async function setTagPositions(userId: string, positions: Record<string, number>): Promise<void> {
  await Promise.all(
    Object.entries(positions).map(async ([tag, position]) => {
      try {
        await table.update(keys.tag(userId, tag), {
          UpdateExpression: 'SET #position = :position',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#position': 'position' },
          ExpressionAttributeValues: { ':position': position },
        });
      } catch (error) {
        if (!isConditionFailed(error)) throw error;
      }
    }),
  );
}

/** Deletes a tag item; false when the user had no tag by that name. */
export async function deleteTag(userId: string, tag: string): Promise<boolean> {
  try {
    await table.delete(keys.tag(userId, tag), { ConditionExpression: 'attribute_exists(pk)' });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

async function countTags(userId: string): Promise<number> {
  const items = await table.queryAll<Keys>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.tagPrefix },
    ProjectionExpression: 'pk',
  });
  return items.length;
}

/**
 * Sets the count of a tag, creating the tag (last in order) when it does not exist yet.
 * `operation` is the count half of the update expression: an ADD for deltas, a SET for recounts.
 */
async function upsertCount(userId: string, tag: string, operation: 'ADD' | 'SET', count: number, position: number, now: string): Promise<void> {
  const countExpression = operation === 'ADD' ? 'ADD #count :count' : 'SET #count = :count,';
  const rest = 'tag = if_not_exists(tag, :tag), #user = if_not_exists(#user, :user), description = if_not_exists(description, :null), '
    + '#position = if_not_exists(#position, :position), createdAt = if_not_exists(createdAt, :now), updatedAt = if_not_exists(updatedAt, :now), entity = :entity';
  await table.update(keys.tag(userId, tag), {
    UpdateExpression: operation === 'ADD' ? `${countExpression} SET ${rest}` : `${countExpression} ${rest}`,
    ExpressionAttributeNames: { '#count': 'count', '#user': 'user', '#position': 'position' },
    ExpressionAttributeValues: { ':count': count, ':tag': tag, ':user': userId, ':null': null, ':position': position, ':now': now, ':entity': 'tag' },
  });
}

async function increment(userId: string, tag: string, delta: number, now: string): Promise<void> {
  try {
    await table.update(keys.tag(userId, tag), {
      UpdateExpression: 'ADD #count :delta',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':delta': delta },
    });
    return;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  // New tag: the upsert also covers another writer creating it between the two calls.
  await upsertCount(userId, tag, 'ADD', delta, await countTags(userId), now);
}

async function decrement(userId: string, tag: string, amount: number): Promise<void> {
  const key = keys.tag(userId, tag);
  const names = { '#count': 'count' };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await table.update(key, {
        UpdateExpression: 'ADD #count :delta',
        ConditionExpression: '#count >= :amount',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':delta': -amount, ':amount': amount },
      });
      return;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
    // Fewer than `amount` left (drift) or no tag at all: clamp at zero, unless the count grew meanwhile.
    try {
      await table.update(key, {
        UpdateExpression: 'SET #count = :zero',
        ConditionExpression: 'attribute_exists(pk) AND #count < :amount',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':zero': 0, ':amount': amount },
      });
      return;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      if (!(await table.get(key, true))) return;
    }
  }
}

/**
 * Adds each delta to its tag's count atomically, never going below zero. A positive delta on a
 * tag the user does not have yet creates it; a negative one on a missing tag does nothing.
 */
export async function adjustTagCounts(userId: string, deltas: Record<string, number>, now = new Date().toISOString()): Promise<void> {
  await Promise.all(
    Object.entries(deltas).map(([tag, delta]) => {
      if (delta > 0) return increment(userId, tag, delta, now);
      if (delta < 0) return decrement(userId, tag, -delta);
      return undefined;
    }),
  );
}

/**
 * Overwrites counts with recounted values (rebuild). A tag that does not exist yet is created at
 * the position given; existing tags keep theirs.
 */
export async function setTagCounts(userId: string, entries: { tag: string; count: number; position: number }[], now: string): Promise<void> {
  await Promise.all(entries.map(({ tag, count, position }) => upsertCount(userId, tag, 'SET', count, position, now)));
}
