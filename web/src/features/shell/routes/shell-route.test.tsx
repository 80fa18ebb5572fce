import * as Menu from '@radix-ui/react-dropdown-menu';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { getSession, setSession } from '@/lib/auth-session.ts';
import { mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { setViewportWidth } from '@/test/match-media.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as Shell, ShellLayout } from './shell-route.tsx';

function renderShell(shell = <Shell />) {
  setSession('tok', testUser, { broadcast: false });
  return renderRoutes(
    [
      { element: shell, children: [{ path: '/today', element: <p>today body</p> }, { path: '/c/:id', element: <p>chat page</p> }] },
      { path: '/login', element: <p>login page</p> },
    ],
    '/today',
  );
}

/** Stands in for the chat feature's history section, which the route table plugs in. */
function FakeHistory({ onNavigate }: { onNavigate: () => void }) {
  return (
    <Link to="/c/abc" onClick={onNavigate}>
      A past chat
    </Link>
  );
}

/** A history whose row has a menu of its own, as the chat feature's rows do. */
function HistoryWithMenu() {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger>Chat options</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content>
          <Menu.Item>Rename</Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

/** Stands in for the chat feature's header date. */
function FakeDate() {
  return <p>March 12, 2025</p>;
}

const sidebar = () => screen.queryByRole('navigation', { name: 'Main navigation' });

describe('app shell', () => {
  it('is open on wide screens and lists only screens that exist, with Today active', () => {
    renderShell();
    expect(sidebar()).toBeVisible();
    const today = screen.getByRole('link', { name: 'Today' });
    expect(today).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Wins Vault' })).toHaveAttribute('href', '/library/wins-vault');
    expect(screen.getByRole('link', { name: 'Fragments' })).toHaveAttribute('href', '/fragments');
    expect(screen.getByRole('link', { name: 'North-Star Map' })).toHaveAttribute('href', '/library/north-star');
    expect(screen.getByRole('link', { name: 'Log' })).toHaveAttribute('href', '/log');
    expect(screen.getByRole('link', { name: 'Coach' })).toHaveAttribute('href', '/chats');
    expect(screen.getByRole('link', { name: 'Me' })).toHaveAttribute('href', '/me');
    expect(screen.getByRole('link', { name: 'Mentor Feed' })).toHaveAttribute('href', '/mentor/feed');
  });

  it('remembers a closed sidebar in localStorage navVisible', async () => {
    const first = renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Close navigation' }));
    expect(localStorage.getItem('navVisible')).toBe('false');
    expect(sidebar()).not.toBeInTheDocument();
    first.unmount();

    renderShell();
    expect(sidebar()).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(sidebar()).toBeVisible();
    expect(localStorage.getItem('navVisible')).toBe('true');
  });

  it('starts closed on narrow screens and closes the overlay with Escape', async () => {
    setViewportWidth(390);
    renderShell();
    expect(sidebar()).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(sidebar()).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(sidebar()).not.toBeInTheDocument();
  });

  it('closes only a menu open in the overlay on Escape, and the overlay on the next one', async () => {
    setViewportWidth(390);
    renderShell(<ShellLayout history={HistoryWithMenu} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    await userEvent.click(screen.getByRole('button', { name: 'Chat options' }));
    expect(await screen.findByRole('menuitem', { name: 'Rename' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(sidebar()).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(sidebar()).not.toBeInTheDocument();
  });

  it('closes the overlay when the backdrop is clicked, without touching the saved desktop choice', async () => {
    setViewportWidth(390);
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    await userEvent.click(screen.getByTestId('nav-backdrop'));
    expect(sidebar()).not.toBeInTheDocument();
    expect(localStorage.getItem('navVisible')).toBeNull();
  });

  it('docks the sidebar again when the window widens', async () => {
    setViewportWidth(390);
    renderShell();
    expect(sidebar()).not.toBeInTheDocument();
    act(() => setViewportWidth(1280));
    expect(sidebar()).toBeVisible();
    expect(screen.queryByTestId('nav-backdrop')).not.toBeInTheDocument();
  });

  it('switches light and dark with Ctrl+Shift+T, once per burst of presses', async () => {
    vi.useFakeTimers();
    try {
      renderShell();
      document.documentElement.classList.remove('dark');
      for (let i = 0; i < 3; i++) window.dispatchEvent(new KeyboardEvent('keydown', { key: 'T', ctrlKey: true, shiftKey: true }));
      expect(document.documentElement).not.toHaveClass('dark');
      act(() => vi.advanceTimersByTime(500));
      expect(document.documentElement).toHaveClass('dark');
      expect(localStorage.getItem('theme')).toBe('dark');
    } finally {
      vi.useRealTimers();
      document.documentElement.classList.remove('dark');
    }
  });

  it('switches the theme from the button in the top bar, at every width, and names what it switches to', async () => {
    document.documentElement.classList.remove('dark');
    try {
      renderShell();
      const banner = screen.getByRole('banner');
      await userEvent.click(within(banner).getByRole('button', { name: 'Switch to dark theme' }));
      expect(document.documentElement).toHaveClass('dark');
      expect(localStorage.getItem('theme')).toBe('dark');

      act(() => setViewportWidth(390));
      await userEvent.click(within(banner).getByRole('button', { name: 'Switch to light theme' }));
      expect(document.documentElement).not.toHaveClass('dark');
      expect(localStorage.getItem('theme')).toBe('light');
    } finally {
      document.documentElement.classList.remove('dark');
    }
  });

  it('shows the title the route table supplies in the phone header, and the logo beside the closed sidebar on wide screens', () => {
    setViewportWidth(390);
    renderShell(<ShellLayout headerTitle={FakeDate} />);
    expect(within(screen.getByRole('banner')).getByText('March 12, 2025')).toBeVisible();

    act(() => setViewportWidth(1280));
    expect(within(screen.getByRole('banner')).queryByText('March 12, 2025')).not.toBeInTheDocument();
  });

  it("signs out from the user menu and goes to /login", async () => {
    mockApi({ logout: { message: 'Logged out' } });
    const { router } = renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSession().status).toBe('anonymous');
  });

  it("follows the server's redirect after signing out, such as an OpenID end-session page", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockApi({ logout: { message: 'Logged out', redirect: 'https://id.example.com/logout?client_id=meld' } });
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://id.example.com/logout?client_id=meld'));
    expect(getSession().status).toBe('anonymous');
  });

  it('signs out locally even when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    const { router } = renderShell();
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('opens a new chat from the sidebar and from the phone header', async () => {
    const { router } = renderShell();
    await userEvent.click(within(document.getElementById('app-sidebar')!).getByRole('link', { name: 'New chat' }));
    expect(router.state.location.pathname).toBe('/c/new');

    setViewportWidth(390);
    act(() => void router.navigate('/today'));
    await userEvent.click(await screen.findByRole('link', { name: 'New chat' }));
    expect(router.state.location.pathname).toBe('/c/new');
  });

  it('draws the conversation history in the sidebar and closes the phone overlay when it navigates', async () => {
    setViewportWidth(390);
    const { router } = renderShell(<ShellLayout history={FakeHistory} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    await userEvent.click(screen.getByRole('link', { name: 'A past chat' }));
    expect(router.state.location.pathname).toBe('/c/abc');
    expect(sidebar()).not.toBeInTheDocument();
  });

  it('highlights no menu item on a conversation page', async () => {
    const { router } = renderShell();
    act(() => void router.navigate('/c/abc'));
    await screen.findByText('chat page');
    expect(screen.getByRole('link', { name: 'Today' })).not.toHaveAttribute('aria-current');
  });
});
