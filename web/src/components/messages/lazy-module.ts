import { startTransition, useEffect, useState } from 'react';

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

/**
 * The module once loaded, starting the load when `wanted`; undefined until then. Its arrival
 * renders as a transition: every message waiting for it (each code block for a grammar) renders
 * again, which React splits into slices instead of one long task (issue 25 §7).
 */
export function useLazyModule<T>(module: LazyModule<T>, wanted: boolean): T | undefined {
  const [loaded, setLoaded] = useState<{ module: LazyModule<T>; value: T | undefined }>(() => ({ module, value: module.current() }));
  useEffect(() => {
    const take = () =>
      startTransition(() => setLoaded((shown) => (shown.module === module && shown.value === module.current() ? shown : { module, value: module.current() })));
    const unsubscribe = module.subscribe(take);
    // Loaded meanwhile (or a different module now): take it; else ask for it.
    if (module.current() !== undefined) take();
    else if (wanted) void module.load();
    return unsubscribe;
  }, [module, wanted]);
  const value = loaded.module === module ? loaded.value : module.current();
  return wanted ? value : undefined;
}
