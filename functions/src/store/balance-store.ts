import { keys } from './keys.ts';
import { isConditionFailed, table } from './table.ts';

/**
 * One balance item per user. Every change is a single atomic UpdateItem (decision 0001): spends
 * ADD a negative amount, so replies finishing at once never lose tokens; a refill is conditioned
 * on the lastRefill it read, so two requests cannot both refill for the same interval.
 */
export interface StoredBalance {
  tokenCredits: number;
  /** ISO; when the balance was created or last refilled. */
  lastRefill: string;
}

export async function getBalance(userId: string): Promise<StoredBalance | undefined> {
  const item = await table.get<StoredBalance>(keys.balance(userId), true);
  return item ? { tokenCredits: item.tokenCredits, lastRefill: item.lastRefill } : undefined;
}

/** Creates the balance unless it exists; returns whichever balance is stored afterwards. */
export async function createBalance(userId: string, startBalance: number, now: Date): Promise<StoredBalance> {
  const created = { tokenCredits: startBalance, lastRefill: now.toISOString() };
  try {
    await table.put({ ...keys.balance(userId), entity: 'balance', ...created, createdAt: now.toISOString() }, { ConditionExpression: 'attribute_not_exists(pk)' });
    return created;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const existing = await getBalance(userId);
    if (!existing) throw error;
    return existing;
  }
}

/** Adds `amount` and moves lastRefill to `now`, only if no one refilled since `seenLastRefill`; undefined when someone did. */
export async function refill(userId: string, amount: number, seenLastRefill: string, now: Date): Promise<StoredBalance | undefined> {
  try {
    const attributes = await table.update<StoredBalance>(keys.balance(userId), {
      UpdateExpression: 'ADD tokenCredits :amount SET lastRefill = :now',
      ConditionExpression: 'lastRefill = :seen',
      ExpressionAttributeValues: { ':amount': amount, ':now': now.toISOString(), ':seen': seenLastRefill },
      ReturnValues: 'ALL_NEW',
    });
    return attributes && { tokenCredits: attributes.tokenCredits, lastRefill: attributes.lastRefill };
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/** Subtracts `amount` atomically; undefined when the user has no balance item yet. The result may be negative. */
export async function spend(userId: string, amount: number): Promise<number | undefined> {
  try {
    const attributes = await table.update<{ tokenCredits: number }>(keys.balance(userId), {
      UpdateExpression: 'ADD tokenCredits :amount',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':amount': -amount },
      ReturnValues: 'UPDATED_NEW',
    });
    return attributes?.tokenCredits;
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}
