import type { StartupConfig } from '@meld/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api.ts';
import { testConfig } from '@/test/fixtures.ts';
import { renderAt } from '@/test/render.tsx';
import { Component as LoginPage } from './login-route.tsx';

const autoRedirecting = testConfig({ openidLoginEnabled: true, openidAutoRedirect: true, serverDomain: 'https://meld.example', socialLogins: ['openid'] });

function renderLogin(path: string, config: StartupConfig = testConfig()) {
  mockApi({ getConfig: config });
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return { ...renderAt(<LoginPage />, path), assign };
}

afterEach(() => vi.unstubAllGlobals());

describe('login page after social sign-in', () => {
  it.each([
    ['oauth_denied', 'Sign-in was cancelled at the provider'],
    ['email_unverified', 'didn’t confirm your e-mail address'],
    ['signup_code_required', 'Enter your pilot access code on Sign up first'],
  ])('explains a sign-in that came back with %s, and takes the code out of the address', async (code, text) => {
    const { router } = renderLogin(`/login?error=${code}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText(/Email/)).toBeInTheDocument();
  });

  it('shows no banner for an error code Meld does not send', async () => {
    renderLogin('/login?error=<script>');
    await screen.findByLabelText(/Email/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('OpenID auto-redirect', () => {
  it('sends the browser to the OpenID provider when OpenID, auto-redirect and a server domain are on', async () => {
    const { assign } = renderLogin('/login', autoRedirecting);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://meld.example/oauth/openid'));
  });

  it('stays on the page with redirect=false, and removes that from the address', async () => {
    const { assign, router } = renderLogin('/login?redirect=false', autoRedirecting);
    await screen.findByLabelText(/Email/);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not send a sign-in that just failed straight back to the provider', async () => {
    const { assign } = renderLogin('/login?error=oauth_failed', autoRedirecting);
    expect(await screen.findByRole('alert')).toHaveTextContent('couldn’t complete your sign-in');
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not redirect without a server domain', async () => {
    const { assign } = renderLogin('/login', { ...autoRedirecting, serverDomain: '' });
    await screen.findByLabelText(/Email/);
    expect(assign).not.toHaveBeenCalled();
  });
});
