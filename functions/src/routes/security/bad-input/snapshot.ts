import { table } from '../../../store/table.ts';

/**
 * Every stored item except the counters a refusal legitimately moves: rate-limit windows
 * (`RATE#…` partitions), violation records (`VIOLATION#…` items, kept for the admin's view of
 * abuse) IP bans (`IP#…` partitions) and a user's reply-slot counter
 * (`REPLY_SLOTS`: a chat request claims a slot before it knows it will refuse, then frees it). The whole table rather than the caller's partition, so a
 * refused request that wrote a global index (shared prompts, shares, access codes) is caught too.
 */
export async function storedData(): Promise<Map<string, string>> {
  const items = await table.scanAll<{ pk: string; sk: string }>();
  const kept = items.filter((item) => !item.pk.startsWith('RATE#') && !item.pk.startsWith('IP#') && !item.sk.startsWith('VIOLATION#') && item.sk !== 'REPLY_SLOTS');
  return new Map(kept.map((item) => [`${item.pk} ${item.sk}`, JSON.stringify(item)]));
}

/** The keys added, removed or changed between two snapshots, for a readable failure. */
export function changedKeys(before: Map<string, string>, after: Map<string, string>): string[] {
  const changes: string[] = [];
  for (const [key, value] of after) {
    if (!before.has(key)) changes.push(`added ${key}`);
    else if (before.get(key) !== value) changes.push(`changed ${key}`);
  }
  for (const key of before.keys()) if (!after.has(key)) changes.push(`removed ${key}`);
  return changes;
}
