import { screen } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import { surfaceLoadErrors } from './route-load-errors.ts';

const failedChunk = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/wins-route.js'));

describe('route load errors', () => {
  it("shows the error page, not a blank page, when a page's code fails to load", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const routes = surfaceLoadErrors([
      {
        path: '/',
        element: (
          <div>
            app frame <Outlet />
          </div>
        ),
        errorElement: <RouteErrorPage />,
        hydrateFallbackElement: <p>loading</p>,
        children: [{ path: 'library/wins-vault', errorElement: <RouteErrorPage />, lazy: failedChunk }],
      },
    ]);
    renderRoutes(routes, '/library/wins-vault');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch dynamically imported module: /assets/wins-route.js')).toBeInTheDocument();
    expect(screen.getByText(/app frame/)).toBeInTheDocument();
  });

  it('leaves a page whose code loads as it was', async () => {
    const routes = surfaceLoadErrors([{ path: '/today', lazy: () => Promise.resolve({ Component: () => <p>today page</p> }) }]);
    renderRoutes(routes, '/today');
    expect(await screen.findByText('today page')).toBeInTheDocument();
  });
});
