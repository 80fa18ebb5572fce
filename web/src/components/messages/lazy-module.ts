import { useEffect, useSyncExternalStore } from 'react';

/**
 * A module fetched on first need and kept for the page's lifetime: every message that needs it
 * shares one import, and all of them re-render once it arrives. A failed fetch (a chunk gone
 * after a deploy, a dropped connection) is forgotten so the next message may try again.
 */
export interface LazyModule<T> {
  current: () => T | undefined;
  load: () => Promise<T | undefined>;
  subscribe: (listener: () => void) => () => void;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let value: T | undefined;
  let pending: Promise<T | undefined> | null = null;
  const listeners = new Set<() => void>();
  return {
    current: () => value,
    load() {
      pending ??= importer().then(
        (loaded) => {
          value = loaded;
          for (const listener of listeners) listener();
          return loaded;
        },
        () => {
          pending = null;
          return undefined;
        },
      );
      return pending;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The module once loaded, starting the load when `wanted`; undefined until then. */
export function useLazyModule<T>(module: LazyModule<T>, wanted: boolean): T | undefined {
  const value = useSyncExternalStore(module.subscribe, module.current, module.current);
  useEffect(() => {
    if (wanted && value === undefined) void module.load();
  }, [module, wanted, value]);
  return wanted ? value : undefined;
}
