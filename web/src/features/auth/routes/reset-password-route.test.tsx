import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, mockApi } from '@/test/mock-api.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as ResetPasswordPage } from './reset-password-route.tsx';

function renderPage(path = '/reset-password?token=tok-1&userId=user-1') {
  return renderRoutes(
    [
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/login', element: <p>login page</p> },
      { path: '/forgot-password', element: <p>forgot page</p> },
    ],
    path,
  );
}

async function choose(password: string, confirm = password) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('the reset-password page', () => {
  it('holds the new password to the sign-up rules before sending', async () => {
    const spy = mockApi({});
    renderPage();
    await choose('short');
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'long enough');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('sends token, user id and both passwords, then offers Continue to sign in', async () => {
    const spy = mockApi({ resetPassword: { message: 'done' } });
    const { router } = renderPage();
    await choose('a new secret');
    expect(await screen.findByText('Your password has been reset')).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(spy, 'resetPassword')[0]!.body))).toEqual({
      token: 'tok-1',
      userId: 'user-1',
      password: 'a new secret',
      confirm_password: 'a new secret',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('explains a used or expired link and links to a new one', async () => {
    mockApi({ resetPassword: fail(400, { code: 'INVALID_LINK_TOKEN', message: 'no', field: 'token' }) });
    renderPage();
    await choose('a new secret');
    expect(await screen.findByText('This reset link no longer works')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says in the server\u2019s words when there have been too many tries', async () => {
    mockApi({ resetPassword: fail(429, { code: 'RATE_LIMITED', message: 'Too many attempts. Try again in 15 minutes.' }) });
    renderPage();
    await choose('a new secret');
    expect(await screen.findByText('Too many attempts. Try again in 15 minutes.')).toBeInTheDocument();
  });

  it('keeps the form with an error for any other failure', async () => {
    mockApi({ resetPassword: fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }) });
    renderPage();
    await choose('a new secret');
    expect(await screen.findByText('We could not reset your password. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });

  it.each([
    ['/reset-password?userId=user-1', 'Unable to process: No valid reset token'],
    ['/reset-password?token=tok-1', 'Unable to process: No valid user id'],
  ])('says what %s lacks without asking the server', (path, message) => {
    const spy = mockApi({});
    renderPage(path);
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(spy).not.toHaveBeenCalled();
  });
});
