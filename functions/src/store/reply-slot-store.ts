import { keys } from './keys.ts';
import { isConditionFailed, table } from './table.ts';

/**
 * Replies in progress per user, for the concurrency limit: one item per user holding a map of
 * slot id -> lease end (epoch ms). Taking a slot is one UpdateItem conditioned on the map having
 * fewer than `max` entries, so two instances can never both take the last slot (decision 0001).
 * A slot whose invocation died stays until its lease ends, then the next claim sweeps it out;
 * the lease outlasts the longest a streaming function may run, so no live reply loses its slot.
 */
interface SlotsItem {
  slots?: Record<string, number>;
}

/** True when the slot was taken; false when `max` live slots are already held. */
export async function claimSlot(userId: string, slotId: string, leaseUntil: number, max: number, now: number): Promise<boolean> {
  // Two passes: the second runs after expired leases were swept or the item was created.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await table.update(keys.replySlots(userId), {
        UpdateExpression: 'SET slots.#slot = :lease',
        ConditionExpression: 'size(slots) < :max',
        ExpressionAttributeNames: { '#slot': slotId },
        ExpressionAttributeValues: { ':lease': leaseUntil, ':max': max },
      });
      return true;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
    const item = await table.get<SlotsItem>(keys.replySlots(userId), true);
    if (!item?.slots) {
      if (await createWithSlot(userId, slotId, leaseUntil)) return true;
      continue;
    }
    const expired = Object.entries(item.slots).filter(([, until]) => until <= now);
    if (expired.length === 0) return false;
    await sweep(userId, expired);
  }
  return false;
}

export async function releaseSlot(userId: string, slotId: string): Promise<void> {
  await table.update(keys.replySlots(userId), {
    UpdateExpression: 'REMOVE slots.#slot',
    ConditionExpression: 'attribute_exists(slots)',
    ExpressionAttributeNames: { '#slot': slotId },
  }).catch((error: unknown) => {
    if (!isConditionFailed(error)) throw error;
  });
}

async function createWithSlot(userId: string, slotId: string, leaseUntil: number): Promise<boolean> {
  try {
    await table.put({ ...keys.replySlots(userId), entity: 'replySlots', slots: { [slotId]: leaseUntil } }, { ConditionExpression: 'attribute_not_exists(pk)' });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Removes expired leases, each only if unchanged since read (a concurrent sweep is harmless). */
async function sweep(userId: string, expired: [string, number][]): Promise<void> {
  const names = Object.fromEntries(expired.map(([slot], i) => [`#s${i}`, slot]));
  const values = Object.fromEntries(expired.map(([, until], i) => [`:v${i}`, until]));
  await table
    .update(keys.replySlots(userId), {
      UpdateExpression: `REMOVE ${expired.map((_, i) => `slots.#s${i}`).join(', ')}`,
      ConditionExpression: expired.map((_, i) => `slots.#s${i} = :v${i}`).join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    })
    .catch((error: unknown) => {
      if (!isConditionFailed(error)) throw error;
    });
}
