import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clearSession, setSession } from '@/lib/auth-session.ts';
import { mockApi } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { appRoutes } from './routes.tsx';

function renderApp(path: string, config = testConfig()) {
  mockApi({
    getConfig: config,
    getBanner: null,
    listConvos: { conversations: [], nextCursor: null },
    searchEnabled: false,
  });
  return renderRoutes(appRoutes, path);
}

describe('app routes', () => {
  it('sends a signed-out visitor from an app page to /login', async () => {
    clearSession({ broadcast: false });
    const { router } = renderApp('/today');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('sends a signed-in user from /login to /today', async () => {
    setSession('tok', testUser, { broadcast: false });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
    expect(await screen.findByRole('heading', { level: 1, name: /Ada/ })).toBeInTheDocument();
  });

  it('marks the address the router has rendered on the root element, where it lands after a redirect', async () => {
    setSession('tok', testUser, { broadcast: false });
    const { router } = renderApp('/');
    await waitFor(() => expect(document.documentElement.dataset.location).toBe('/today'));
    await router.navigate('/c/new?prompt=hi');
    await waitFor(() => expect(document.documentElement.dataset.location).toBe('/c/new?prompt=hi'));
  });

  it('redirects / to /today', async () => {
    setSession('tok', testUser, { broadcast: false });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
  });

  it('opens the new-chat page at /c/new inside the shell, keeping the query', async () => {
    setSession('tok', testUser, { broadcast: false });
    const { router } = renderApp('/c/new?tour=checkin');
    expect(await screen.findByRole('heading', { name: 'Start a conversation' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tour=checkin');
  });

  it('lands a fresh sign-up on /today?tour=checkin', async () => {
    clearSession({ broadcast: false });
    const { router } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Create account' });
    setSession('tok', testUser, { broadcast: false, redirectTo: '/today?tour=checkin' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
    expect(router.state.location.search).toBe('?tour=checkin');
  });

  it('shows the landing page to signed-out visitors at /welcome', async () => {
    clearSession({ broadcast: false });
    renderApp('/welcome');
    expect(await screen.findByRole('heading', { name: /Think clearly/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Pilot access code')).toBeInTheDocument();
  });

  it('keeps a signed-in user on the mentor sign-up form, under its own header', async () => {
    setSession('tok', testUser, { broadcast: false });
    const { router } = renderApp('/mentors/signup');
    expect(await screen.findByRole('heading', { name: 'Mentor sign up' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/mentors/signup');
  });

  it('shows the user interest form to a visitor and sends a signed-in user on from it', async () => {
    clearSession({ broadcast: false });
    const { unmount } = renderApp('/users/signup');
    expect(await screen.findByRole('heading', { name: 'Join the Meld waitlist' })).toBeInTheDocument();
    unmount();
    setSession('tok', testUser, { broadcast: false });
    const { router } = renderApp('/users/signup');
    await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
  });

  it('says plainly that an unknown address has no page, with the address and a way home; no error report', async () => {
    clearSession({ broadcast: false });
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('Address: /no/such/page')).toBeInTheDocument();
    expect(screen.queryByText(/No route matches/)).not.toBeInTheDocument();
    for (const reporting of ['Refresh the page', 'Download error log']) expect(screen.queryByRole('button', { name: reporting })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Take me home' }));
    // Home sends a guest on to sign in.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('returns a visitor to the page they were heading for once they sign in', async () => {
    clearSession({ broadcast: false });
    const { router } = renderApp('/today?date=2026-01-05');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    setSession('tok', testUser, { broadcast: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
    expect(router.state.location.search).toBe('?date=2026-01-05');
  });

  it('starts fresh at /today after a deliberate sign-out', async () => {
    setSession('tok', testUser, { broadcast: false });
    const { router } = renderApp('/today?tour=checkin');
    await screen.findByRole('heading', { level: 1, name: /Ada/ });
    clearSession({ broadcast: false, signedOut: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    setSession('tok2', testUser, { broadcast: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
    expect(router.state.location.search).toBe('');
  });

  it('lands a deliberate sign-out where it asked, even though the guard reacts first', async () => {
    setSession('tok', testUser, { broadcast: false });
    const { router } = renderApp('/today');
    await screen.findByRole('heading', { level: 1, name: /Ada/ });
    // The login page reads the flag and then tidies its address, so every location passed counts.
    const visited: string[] = [];
    router.subscribe(({ location }) => visited.push(location.pathname + location.search));
    // As declining the terms does: the session clears before any navigation of its own runs.
    clearSession({ broadcast: false, signedOut: true, redirectTo: '/login?redirect=false' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The first arrival at /login carries the flag: the guard did not go to a bare /login first.
    expect(visited.find((path) => path.startsWith('/login'))).toBe('/login?redirect=false');
  });

  it('titles the page from the configured app title', async () => {
    clearSession({ broadcast: false });
    renderApp('/login', testConfig({ appTitle: 'Meld Pilot' }));
    await waitFor(() => expect(document.title).toBe('Meld Pilot'));
  });
});
