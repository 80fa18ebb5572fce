import { expect } from 'vitest';
import { allJobsIdle } from '../../../local/gateway.ts';
import { table } from '../../../store/table.ts';
import { dbCapacity } from '../../api-test-kit.ts';

/**
 * Every stored item except the counters a refusal legitimately moves: rate-limit windows
 * (`RATE#…` partitions), violation records (`VIOLATION#…` items, kept for the admin's view of
 * abuse) IP bans (`IP#…` partitions) and a user's reply-slot counter
 * (`REPLY_SLOTS`: a chat request claims a slot before it knows it will refuse, then frees it). The whole table rather than the caller's partition, so a
 * refused request that wrote a global index (shared prompts, shares, access codes) is caught too.
 */
export async function storedData(): Promise<Map<string, string>> {
  // An accepted request's background work (decision 0034) is part of what it was allowed to change.
  await allJobsIdle();
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

export interface RefusalOracle {
  /** After each request, with its answer: fails when a refusal changed stored data. */
  check(response: { status: number; headers: Headers | Record<string, string> }, where: string): Promise<void>;
  /** After the last request: fails when stored data changed since the last request allowed to change it. */
  finish(where: string): Promise<void>;
}

/**
 * Holds "a refused request changes no stored data" without a table scan per request. Every
 * DynamoDB write that succeeds costs at least one write unit, which the request's answer reports
 * (x-meld-db-capacity, from the handler kit's count), and a conditional write that fails writes
 * nothing and costs none; so a refusal that reports no write units wrote nothing. A refusal that
 * did write (a rate-limit window or a violation may move) or whose answer has no count (a streaming
 * route, a path no route serves) is compared with a full snapshot; so is the table after the last
 * request, which catches a write the count missed (one made after the answer was sent). An
 * accepted request may change data: one that wrote, or may have, becomes the new baseline.
 */
export async function refusalOracle(): Promise<RefusalOracle> {
  let baseline = await storedData();
  const compare = async (message: string) => {
    const now = await storedData();
    expect(changedKeys(baseline, now), message).toEqual([]);
    baseline = now;
  };
  return {
    async check(response, where) {
      const mayHaveWritten = dbCapacity(response).write !== 0;
      if (!mayHaveWritten) return;
      if (response.status >= 400) await compare(`${where}: a refused request changed stored data`);
      else baseline = await storedData();
    },
    finish: (where) => compare(`${where}: stored data changed after the last request allowed to change it`),
  };
}
