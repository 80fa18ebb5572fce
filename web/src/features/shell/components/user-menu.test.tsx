import type { BalanceResponse } from '@meld/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { type ApiMocks, callsTo, mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { Outlet } from 'react-router-dom';
import { renderAt, renderRoutes } from '@/test/render.tsx';
import { UserMenu } from './user-menu.tsx';

const enabled: BalanceResponse = {
  enabled: true,
  tokenCredits: 12345.4,
  autoRefillEnabled: true,
  refillIntervalValue: 30,
  refillIntervalUnit: 'days',
  refillAmount: 10000,
  lastRefill: '2026-11-01T09:00:00.000Z',
  nextRefill: '2026-12-01T09:00:00.000Z',
};

async function openMenu(balance: ApiMocks['getBalance']) {
  setSession('tok', testUser, { broadcast: false });
  const spy = mockApi({ getBalance: balance });
  renderAt(<UserMenu />);
  await userEvent.click(screen.getByRole('button', { name: `Account menu for ${testUser.name}` }));
  return { menu: screen.getByRole('menu'), spy };
}

describe('account menu balance', () => {
  it('shows the balance, formatted, and when it is next refilled', async () => {
    await openMenu(enabled);
    expect(await screen.findByText('Balance: 12,345')).toBeInTheDocument();
    expect(screen.getByText(/^Next refill Dec 1, 2026/)).toBeInTheDocument();
  });

  it('leaves out the refill when auto refill is off', async () => {
    await openMenu({ ...enabled, autoRefillEnabled: false });
    expect(await screen.findByText('Balance: 12,345')).toBeInTheDocument();
    expect(screen.queryByText(/Next refill/)).not.toBeInTheDocument();
  });

  it('shows no balance when balances are off', async () => {
    const { menu, spy } = await openMenu({ enabled: false });
    expect(menu).toHaveTextContent('Sign out');
    await waitFor(() => expect(callsTo(spy, 'getBalance')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText(/Balance/)).not.toBeInTheDocument();
  });
});

describe('account menu settings', () => {
  it('opens settings and, back from them with the focus lost, puts it on the account button again', async () => {
    setSession('tok', testUser, { broadcast: false });
    mockApi({ getBalance: enabled });
    const shell = (
      <>
        <UserMenu />
        <Outlet />
      </>
    );
    const { router } = renderRoutes([{ element: shell, children: [{ path: '/', element: null }, { path: '/settings/data', element: <p>settings page</p> }] }], '/');
    const account = screen.getByRole('button', { name: `Account menu for ${testUser.name}` });
    await userEvent.click(account);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByText('settings page')).toBeInTheDocument();
    // The settings dialog closes by going back; its focus trap leaves the focus nowhere.
    (document.activeElement as HTMLElement | null)?.blur();
    await act(() => router.navigate(-1));
    await waitFor(() => expect(account).toHaveFocus());
  });
});
