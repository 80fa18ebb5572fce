import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '@/app/providers.tsx';
import { SIGNED_IN_HOME } from '@/app/guards.tsx';
import { setSession } from '@/lib/auth-session.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderRoutes, testQueryClient } from '@/test/render.tsx';
import { Component as Settings } from './settings-route.tsx';

function renderSettings(path: string) {
  setSession('tok', testUser, { broadcast: false });
  return renderRoutes(
    [
      { path: '/settings/:tab?', element: <Settings /> },
      { path: SIGNED_IN_HOME, element: <p>home page</p> },
    ],
    path,
  );
}

afterEach(() => window.history.replaceState(null, ''));

describe('settings dialog', () => {
  it('lists only the tabs that have content, with the one in the address selected', () => {
    renderSettings('/settings/data');
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['General', 'Chat', 'Speech', 'Artifacts', 'Data controls', 'Account', 'Commands']);
    expect(within(dialog).getByRole('tab', { name: 'Data controls' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('Import conversations');
  });

  it('sends an unknown or unbuilt tab to the first available one', () => {
    const { router } = renderSettings('/settings/nope');
    expect(router.state.location.pathname).toBe('/settings/general');
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  });

  it('switches tabs by click and arrow keys, replacing the address', async () => {
    const { router } = renderSettings('/settings/general');
    await userEvent.click(screen.getByRole('tab', { name: 'Data controls' }));
    expect(router.state.location.pathname).toBe('/settings/data');
    expect(router.state.historyAction).toBe('REPLACE');
    await userEvent.keyboard('{ArrowUp}');
    expect(router.state.location.pathname).toBe('/settings/artifacts');
    expect(screen.getByRole('tab', { name: 'Artifacts' })).toHaveFocus();
  });

  it('closes with Escape to the home page when it was opened directly', async () => {
    const { router } = renderSettings('/settings/general');
    await userEvent.keyboard('{Escape}');
    expect(router.state.location.pathname).toBe(SIGNED_IN_HOME);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes back to the page it was opened from, even after switching tabs', async () => {
    setSession('tok', testUser, { broadcast: false });
    const router = createMemoryRouter(
      [
        { path: '/settings/:tab?', element: <Settings /> },
        { path: '/library', element: <p>library page</p> },
      ],
      { initialEntries: ['/library', '/settings/data'], initialIndex: 1 },
    );
    // The browser router keeps the history position here; the memory router does not.
    window.history.replaceState({ idx: 1 }, '');
    render(
      <AppProviders queryClient={testQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'General' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('library page')).toBeInTheDocument();
  });
});
