import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getSession } from '@/lib/auth-session.ts';
import { callsTo, fail, mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { LoginForm } from './login-form.tsx';

function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginForm directoryLogin={false} passwordResetEnabled /> },
      { path: '/login/2fa', element: <p>two-factor page</p> },
    ],
    '/login',
  );
}

async function signIn(email = 'ada@example.com', password = 'correct horse') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginForm', () => {
  it('shows field errors only after a 400 ms pause in typing', () => {
    vi.useFakeTimers();
    try {
      renderLogin();
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@' } });
      act(() => vi.advanceTimersByTime(399));
      expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
      expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
      act(() => vi.advanceTimersByTime(400));
      expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('flags missing, too-long and oversized values on submit without calling the server', async () => {
    const fetch = mockApi({});
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: `${'a'.repeat(115)}@x.com` } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'p'.repeat(129) } });
    expect(screen.getByText('Email must be at most 120 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at most 128 characters')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    [429, 'RATE_LIMITED', 'Too many sign-in attempts. Please wait a few minutes and try again.'],
    [403, 'BANNED', 'Your account has been temporarily banned due to violations of our service.'],
    [500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again in a moment.'],
    [401, 'INVALID_CREDENTIALS', 'Email or password is incorrect.'],
    [400, 'VALIDATION_ERROR', 'Email or password is incorrect.'],
  ] as const)('maps a %i reply to its message', async (status, code, message) => {
    mockApi({ login: fail(status, { code, message: 'server text' }) });
    renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('asks an unverified user to verify their e-mail (422)', async () => {
    mockApi({ login: fail(422, { code: 'EMAIL_UNVERIFIED', message: 'verify' }) });
    renderLogin();
    await signIn();
    expect(await screen.findByText('Please verify your email address before signing in.')).toBeInTheDocument();
    expect(screen.getByText(/Follow the verification link we emailed you/)).toBeInTheDocument();
  });

  it('sends a new verification link for the typed e-mail from the 422 prompt', async () => {
    const spy = mockApi({
      login: fail(422, { code: 'EMAIL_UNVERIFIED', message: 'verify' }),
      resendVerification: { message: 'sent' },
    });
    renderLogin();
    await signIn('grace@example.com');
    await userEvent.click(await screen.findByRole('button', { name: 'Send a new verification link' }));
    expect(await screen.findByText('If that email is waiting for verification, a new link is on its way.')).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(spy, 'resendVerification')[0]!.body))).toEqual({ email: 'grace@example.com' });
  });

  it('stores the session on success so the guard can move on to /today', async () => {
    mockApi({ login: { token: 'tok', user: testUser } });
    renderLogin();
    await signIn();
    await waitFor(() => expect(getSession()).toMatchObject({ status: 'authenticated', token: 'tok', redirectTo: null }));
  });

  it('goes to the two-factor step with the temporary token when a second factor is pending', async () => {
    mockApi({ login: { twoFAPending: true, tempToken: 'temp 1' } });
    const { router } = renderLogin();
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/2fa'));
    expect(router.state.location.search).toBe('?tempToken=temp%201');
    expect(getSession().status).not.toBe('authenticated');
  });

  it('has no password-reset link when reset is off', () => {
    renderRoutes([{ path: '/login', element: <LoginForm directoryLogin={false} passwordResetEnabled={false} /> }], '/login');
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument();
  });

  it('links to password reset', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });
});
