import { AsyncLocalStorage } from 'node:async_hooks';

/** The process's storages, by name, on `globalThis`: shared by every evaluation of a module. */
const registry: Map<string, AsyncLocalStorage<unknown>> = ((globalThis as { meldAsyncStorages?: Map<string, AsyncLocalStorage<unknown>> }).meldAsyncStorages ??= new Map());

/**
 * The one AsyncLocalStorage of this name in the process. Node 20 and 22 run a hook of every storage
 * ever used on every promise created, and a storage is never dropped. A module that made its own at
 * load would add one each time it is evaluated again: the test runner evaluates source modules afresh
 * for each test file, and a worker holding 150 storages spent an eighth of its CPU in that hook.
 */
export function processStorage<T>(name: string): AsyncLocalStorage<T> {
  let storage = registry.get(name);
  if (!storage) {
    storage = new AsyncLocalStorage<unknown>();
    registry.set(name, storage);
  }
  return storage as AsyncLocalStorage<T>;
}
