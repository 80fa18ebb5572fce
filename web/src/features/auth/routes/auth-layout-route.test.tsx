import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiMocks, fail, mockApi } from '@/test/mock-api.ts';
import { testConfig } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as AuthLayout } from './auth-layout-route.tsx';
import { Component as LoginPage } from './login-route.tsx';
import { Component as RegisterPage } from './register-route.tsx';

const banner = { bannerId: 'b-1', message: '<strong>Pilot</strong> opens Monday<img src=x onerror="alert(1)">', displayFrom: '', displayTo: null, isPublic: true };

function renderLayout(path: string, { config = testConfig(), bannerBody = null as ApiMocks['getBanner'] } = {}) {
  mockApi({ getConfig: config, getBanner: bannerBody });
  const child = <p>page body</p>;
  return renderRoutes(
    [
      {
        element: <AuthLayout />,
        children: ['/login', '/register', '/forgot-password', '/reset-password', '/login/2fa', '/mentors/signup'].map((p) => ({
          path: p,
          element: p === '/login' ? <LoginPage /> : child,
        })),
      },
    ],
    path,
  );
}

describe('auth layout', () => {
  it.each([
    ['/login', 'Welcome back'],
    ['/register', 'Create account'],
    ['/forgot-password', 'Reset password'],
    ['/reset-password', 'Reset password'],
    ['/login/2fa', 'Verify your identity'],
    ['/mentors/signup', 'Mentor sign up'],
  ])('shows the %s header', async (path, header) => {
    renderLayout(path);
    expect(await screen.findByRole('heading', { level: 1, name: header })).toBeInTheDocument();
  });

  it('changes the header when the path changes', async () => {
    const { router } = renderLayout('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    await router.navigate('/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create account' })).toBeInTheDocument();
  });

  it('shows enabled social sign-in on login and register, not on two-factor', async () => {
    const config = testConfig({ socialLoginEnabled: true, socialLogins: ['github', 'google'], googleLoginEnabled: true, githubLoginEnabled: true });
    const { router } = renderLayout('/login', { config });
    const links = await screen.findAllByRole('link', { name: /Continue with/ });
    expect(links.map((link) => link.textContent)).toEqual(['Continue with GitHub', 'Continue with Google']);
    expect(links[0]).toHaveAttribute('href', '/oauth/github');
    await router.navigate('/login/2fa');
    await screen.findByRole('heading', { name: 'Verify your identity' });
    expect(screen.queryByRole('link', { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it('links privacy and terms from the config, opening in a new tab when asked', async () => {
    renderLayout('/register');
    const privacy = await screen.findByRole('link', { name: /Privacy policy/ });
    expect(privacy).toHaveAttribute('href', 'https://example.com/privacy');
    expect(privacy).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Terms of service' })).not.toHaveAttribute('target');
  });

  it('shows a red login-server error when the config cannot be loaded', async () => {
    mockApi({ getConfig: fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }), getBanner: null });
    renderRoutes([{ element: <AuthLayout />, children: [{ path: '/login', element: <p>form</p> }] }], '/login');
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't reach the login server");
  });

  it('shows the sanitised banner and remembers its dismissal', async () => {
    const first = renderLayout('/register', { bannerBody: banner });
    const region = await screen.findByRole('region', { name: 'Announcement' });
    await waitFor(() => expect(region.querySelector('strong')).toHaveTextContent('Pilot'));
    expect(region.querySelector('img')?.getAttribute('onerror')).toBeFalsy();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('dismissedBanners') ?? '[]')).toEqual(['b-1']);
    first.unmount();

    renderLayout('/register', { bannerBody: banner });
    await screen.findByRole('heading', { name: 'Create account' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
  });
});

describe('login page', () => {
  it('offers sign-up and password reset when the config enables them', async () => {
    renderLayout('/login');
    expect(await screen.findByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Learn about the pilot' })).toHaveAttribute('href', '/welcome');
  });

  it('hides sign-up and password reset when they are off', async () => {
    renderLayout('/login', { config: testConfig({ registrationEnabled: false, passwordResetEnabled: false }) });
    await screen.findByLabelText('Email');
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument();
  });

  it('asks for a username when directory login is on', async () => {
    renderLayout('/login', { config: testConfig({ ldapLoginEnabled: true }) });
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
  });
});

describe('register page in the layout', () => {
  it('offers social sign-up on the first wizard step only', async () => {
    sessionStorage.setItem('meld_signup_code', 'PILOT-1');
    const config = testConfig({ socialLoginEnabled: true, socialLogins: ['google'], googleLoginEnabled: true });
    mockApi({ getConfig: config, getBanner: null });
    renderRoutes([{ element: <AuthLayout />, children: [{ path: '/register', element: <RegisterPage /> }] }], '/register');
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your name'), 'Maya{Enter}');
    await screen.findByRole('heading', { name: 'Personal details' });
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toBeInTheDocument();
  });
});
