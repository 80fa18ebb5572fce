import type { RouteName } from '@meld/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fail, type FetchSpy, mockApi } from '@/test/mock-api.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as VerifyPage } from './verify-route.tsx';

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

function renderPage(path = '/verify?token=tok-1&email=ada%40example.com') {
  return renderRoutes(
    [
      { path: '/verify', element: <VerifyPage /> },
      { path: '/c/new', element: <p>new chat</p> },
      { path: '/login', element: <p>login page</p> },
    ],
    path,
  );
}

/** One second at a time: each tick's timer is set only after the previous one re-rendered. */
async function tick(seconds: number) {
  for (let second = 0; second < seconds; second++) await act(() => vi.advanceTimersByTime(1000));
}
const bodyOf = (spy: FetchSpy, name: RouteName, index = 0) => JSON.parse(String(callsTo(spy, name)[index]!.body)) as unknown;

describe('the e-mail verification page', () => {
  it('verifies at once, counts down three seconds, then opens a new chat', async () => {
    const spy = mockApi({ verifyEmail: { message: 'ok' } });
    const { router } = renderPage();
    expect(screen.getByText('Verifying your email…')).toBeInTheDocument();
    expect(await screen.findByText('Your email is verified')).toBeInTheDocument();
    expect(bodyOf(spy, 'verifyEmail')).toEqual({ email: 'ada@example.com', token: 'tok-1' });
    expect(screen.getByText('Taking you in 3 seconds…')).toBeInTheDocument();
    await tick(2);
    expect(screen.getByText('Taking you in 1 second…')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify');
    await tick(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/new'));
    expect(callsTo(spy, 'verifyEmail')).toHaveLength(1);
  });

  it('offers a new link once the countdown after a failure ends, and restarts it after each resend', async () => {
    const spy = mockApi({
      verifyEmail: fail(400, { code: 'INVALID_LINK_TOKEN', message: 'no' }),
      resendVerification: { message: 'sent' },
    });
    const { router } = renderPage();
    expect(await screen.findByText('We could not verify your email')).toBeInTheDocument();
    expect(screen.getByText('You can ask for a new link in 3 seconds.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a new verification link' })).not.toBeInTheDocument();
    await tick(3);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Send a new verification link' }));
    expect(await screen.findByText('If that email is waiting for verification, a new link is on its way.')).toBeInTheDocument();
    expect(bodyOf(spy, 'resendVerification')).toEqual({ email: 'ada@example.com' });
    expect(screen.getByText(/You can ask for a new link in [1-3] seconds?\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a new verification link' })).not.toBeInTheDocument();
    await tick(3);
    expect(await screen.findByRole('button', { name: 'Send a new verification link' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify');
  });

  it('links straight to the new verification when the server returns it', async () => {
    mockApi({
      verifyEmail: fail(400, { code: 'INVALID_LINK_TOKEN', message: 'no' }),
      resendVerification: { message: 'sent', link: `${window.location.origin}/verify?token=tok-2&email=ada%40example.com` },
    });
    renderPage();
    await screen.findByText('We could not verify your email');
    await tick(3);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Send a new verification link' }));
    expect(await screen.findByRole('link', { name: 'Verify my email now' })).toHaveAttribute('href', '/verify?token=tok-2&email=ada%40example.com');
  });

  it('verifies the new link when it is followed from this page (same route, new token)', async () => {
    const spy = mockApi({
      verifyEmail: ({ init }) => (JSON.parse(String(init.body)) as { token: string }).token === 'tok-2' ? { message: 'ok' } : fail(400, { code: 'INVALID_LINK_TOKEN', message: 'no' }),
      resendVerification: { message: 'sent', link: `${window.location.origin}/verify?token=tok-2&email=ada%40example.com` },
    });
    const { router } = renderPage();
    await screen.findByText('We could not verify your email');
    await tick(3);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Send a new verification link' }));
    await user.click(await screen.findByRole('link', { name: 'Verify my email now' }));
    expect(await screen.findByText('Your email is verified')).toBeInTheDocument();
    expect(bodyOf(spy, 'verifyEmail', 1)).toEqual({ email: 'ada@example.com', token: 'tok-2' });
    expect(router.state.location.search).toBe('?token=tok-2&email=ada%40example.com');
  });

  it('says an address is already verified, offering no link and no new send', async () => {
    mockApi({
      verifyEmail: fail(400, { code: 'INVALID_LINK_TOKEN', message: 'no' }),
      resendVerification: { message: 'This email address is already verified. You can sign in.', alreadyVerified: true },
    });
    renderPage();
    await screen.findByText('We could not verify your email');
    await tick(3);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Send a new verification link' }));
    expect(await screen.findByText('This email is already verified. You can sign in.')).toBeInTheDocument();
    expect(screen.queryByText(/You can ask for a new link/)).not.toBeInTheDocument();
    await tick(3);
    expect(screen.queryByRole('link', { name: 'Verify my email now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a new verification link' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it.each([
    ['/verify?email=ada%40example.com', /verification token is missing/],
    ['/verify?token=tok-1', /does not say which email to verify/],
  ])('explains %s without asking the server', (path, message) => {
    const spy = mockApi({});
    renderPage(path);
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });
});
