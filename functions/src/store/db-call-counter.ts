import { processStorage } from '../runtime/async-storage.ts';

/**
 * Counts DynamoDB calls, and the capacity units they consumed, per request. The local gateway
 * serves many requests in one process, so a module-level counter would mix them;
 * AsyncLocalStorage keeps one count per request.
 */
export interface DbUsage {
  calls: number;
  readUnits: number;
  writeUnits: number;
}

const storage = processStorage<DbUsage>('db-call-counter');

export function withDbCallCount<T>(fn: () => Promise<T>): Promise<{ result: T; usage: DbUsage }> {
  const usage = { calls: 0, readUnits: 0, writeUnits: 0 };
  return storage.run(usage, async () => ({ result: await fn(), usage }));
}

export function recordDbCall(): void {
  const usage = storage.getStore();
  if (usage) usage.calls += 1;
}

export function recordDbCapacity(kind: 'read' | 'write', units: number): void {
  const usage = storage.getStore();
  if (usage) usage[kind === 'read' ? 'readUnits' : 'writeUnits'] += units;
}

/** The header value for a request's usage: `read=<units>;write=<units>`. */
export function capacityHeader(usage: DbUsage): string {
  const units = (n: number) => String(Math.round(n * 10) / 10);
  return `read=${units(usage.readUnits)};write=${units(usage.writeUnits)}`;
}
