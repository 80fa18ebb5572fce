import type { RouteObject } from 'react-router-dom';

type LazyLoad = Extract<RouteObject['lazy'], (...args: never[]) => unknown>;

/**
 * React Router (7.18) keeps a route whose `lazy()` rejected marked as still loading, so the page
 * stays blank instead of reaching its error boundary. A chunk that fails to load (offline, or
 * replaced by a deploy while the tab was open) must show the error page with its refresh button:
 * the failed import becomes a component that throws the import's error.
 */
export function surfaceLoadErrors(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const next = { ...route } as RouteObject;
    if (typeof route.lazy === 'function') next.lazy = throwOnRender(route.lazy);
    if (route.children) next.children = surfaceLoadErrors(route.children);
    return next;
  });
}

function throwOnRender(load: LazyLoad): LazyLoad {
  return (...args) =>
    Promise.resolve(load(...args)).catch((error: unknown) => ({
      Component: () => {
        throw error;
      },
    }));
}
