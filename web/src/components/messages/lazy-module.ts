import { createElement, lazy, startTransition, useEffect, useState, type ComponentType } from 'react';
import { afterNextPaint } from '@/lib/after-next-paint.ts';

/**
 * A module fetched on first need and kept for the page's lifetime: every message that needs it
 * shares one import, and all of them re-render once it arrives. A failed fetch (a chunk gone
 * after a deploy, a dropped connection) is forgotten so the next message may try again.
 */
export interface LazyModule<T> {
  current: () => T | undefined;
  /** Why the last load failed, until one succeeds. */
  failure: () => unknown;
  load: () => Promise<T | undefined>;
  subscribe: (listener: () => void) => () => void;
  /** useLazyModule asks for it only once the page has painted (the highlighter, KaTeX: see their modules). */
  afterPaint: boolean;
}

export function lazyModule<T>(importer: () => Promise<T>, options: { afterPaint?: boolean } = {}): LazyModule<T> {
  let value: T | undefined;
  let failure: unknown;
  let pending: Promise<T | undefined> | null = null;
  const listeners = new Set<() => void>();
  return {
    afterPaint: options.afterPaint ?? false,
    current: () => value,
    failure: () => failure,
    load() {
      pending ??= importer().then(
        (loaded) => {
          value = loaded;
          failure = undefined;
          for (const listener of listeners) listener();
          return loaded;
        },
        (error: unknown) => {
          failure = error;
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
    let mounted = true;
    // Loaded meanwhile (or a different module now): take it; else ask for it. The wait for a paint
    // is this component's, not the module's: a frame that never comes (a test's fake timers) must
    // not leave the shared load waiting for good.
    if (module.current() !== undefined) take();
    else if (wanted && !module.afterPaint) void module.load();
    else if (wanted)
      void afterNextPaint().then(() => {
        if (mounted) void module.load();
      });
    return () => {
      mounted = false;
      unsubscribe();
    };
  }, [module, wanted]);
  const value = loaded.module === module ? loaded.value : module.current();
  return wanted ? value : undefined;
}

/**
 * React.lazy over a module, except that one already loaded renders at once. React.lazy suspends
 * on its first render even then, so the page around it committed and painted first and the
 * component rendered in a later pass (issue 25 §7: the conversation view, whose code the route's
 * loader asks for as the navigation starts). Chosen once per mount: switching from the lazy element
 * to the loaded component would mount it again.
 */
export function lazyComponent<T, P extends object>(module: LazyModule<T>, pick: (loaded: T) => ComponentType<P>): ComponentType<P> {
  // React.lazy keeps a failure for good: after one, the next mount gets a new one, which loads again.
  const makeLazy = () =>
    lazy(async () => {
      const loaded = await module.load();
      if (loaded === undefined) {
        Lazy = makeLazy();
        throw module.failure();
      }
      return { default: pick(loaded) };
    });
  let Lazy = makeLazy();
  return function LazyComponent(props: P) {
    const [component] = useState<ComponentType<P>>(() => {
      const current = module.current();
      return current === undefined ? Lazy : pick(current);
    });
    return createElement(component, props);
  };
}
