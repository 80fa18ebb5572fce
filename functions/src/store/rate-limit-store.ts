import { keys } from './keys.ts';
import { table } from './table.ts';

/**
 * Counts one hit in a fixed window and returns the window's total. One atomic ADD. The window's
 * start is in the key, so a closed window is never read again: its count ends with the window
 * however late TTL removes the item (two windows after its start).
 */
export async function countHit(scope: string, subject: string, windowSeconds: number, now = Date.now()): Promise<number> {
  const windowStart = Math.floor(now / 1000 / windowSeconds) * windowSeconds;
  const attributes = await table.update<{ hits: number }>(keys.rateWindow(scope, subject, windowStart), {
    UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :exp)',
    ExpressionAttributeValues: { ':one': 1, ':exp': windowStart + windowSeconds * 2 },
    ReturnValues: 'UPDATED_NEW',
  });
  return attributes?.hits ?? 1;
}
