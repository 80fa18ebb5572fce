import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Counts DynamoDB calls per request. The local gateway serves many requests in one process,
 * so a module-level counter would mix them; AsyncLocalStorage keeps one count per request.
 */
const storage = new AsyncLocalStorage<{ calls: number }>();

export function withDbCallCount<T>(fn: () => Promise<T>): Promise<{ result: T; calls: number }> {
  const counter = { calls: 0 };
  return storage.run(counter, async () => ({ result: await fn(), calls: counter.calls }));
}

export function recordDbCall(): void {
  const counter = storage.getStore();
  if (counter) counter.calls += 1;
}
