import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as Settings } from './settings-route.tsx';

function renderSettings(path: string) {
  setSession('tok', testUser, { broadcast: false });
  return renderRoutes(
    [
      { path: '/settings/:tab?', element: <Settings /> },
      { path: '/today', element: <p>today page</p> },
    ],
    path,
  );
}

describe('settings dialog', () => {
  it('lists only the tabs that have content, with the one in the address selected', () => {
    renderSettings('/settings/data');
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['General', 'Data controls']);
    expect(within(dialog).getByRole('tab', { name: 'Data controls' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('Import conversations');
  });

  it('sends an unknown or unbuilt tab to the first available one', () => {
    const { router } = renderSettings('/settings/speech');
    expect(router.state.location.pathname).toBe('/settings/general');
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  });

  it('switches tabs by click and arrow keys, replacing the address', async () => {
    const { router } = renderSettings('/settings/general');
    await userEvent.click(screen.getByRole('tab', { name: 'Data controls' }));
    expect(router.state.location.pathname).toBe('/settings/data');
    expect(router.state.historyAction).toBe('REPLACE');
    await userEvent.keyboard('{ArrowUp}');
    expect(router.state.location.pathname).toBe('/settings/general');
    expect(screen.getByRole('tab', { name: 'General' })).toHaveFocus();
  });

  it('closes with Escape to the home page when it was opened directly', async () => {
    const { router } = renderSettings('/settings/general');
    await userEvent.keyboard('{Escape}');
    expect(router.state.location.pathname).toBe('/today');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
