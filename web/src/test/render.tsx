import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from '@/app/providers.tsx';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
}

/**
 * Renders route objects in a memory router with the app's providers. Extra routes stand in for
 * destinations (e.g. `{ path: '/today', element: <p>today page</p> }`).
 */
export function renderRoutes(routes: RouteObject[], initialPath: string, queryClient = testQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient };
}

export function renderAt(element: ReactElement, path = '/', extraRoutes: RouteObject[] = []) {
  const pathname = path.split('?')[0] || '/';
  return renderRoutes([{ path: pathname, element }, ...extraRoutes], path);
}
