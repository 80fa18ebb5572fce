import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, mockApi } from '@/test/mock-api.ts';
import { testConfig } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as ForgotPasswordPage } from './forgot-password-route.tsx';

function renderPage() {
  return renderRoutes(
    [
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/login', element: <p>login page</p> },
      { path: '/reset-password', element: <p>reset page</p> },
    ],
    '/forgot-password',
  );
}

async function ask(email = 'ada@example.com') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
}

const neutral = /If an account exists for that email, we have sent a link/;

describe('the forgot-password page', () => {
  it('checks the e-mail before sending anything, and links back to sign in', async () => {
    const spy = mockApi({ getConfig: testConfig() });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(callsTo(spy, 'requestPasswordReset')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('replaces the form with the neutral confirmation when e-mail is sent', async () => {
    const spy = mockApi({
      getConfig: testConfig({ emailEnabled: true }),
      requestPasswordReset: { message: 'server words' },
    });
    renderPage();
    await ask(' ada@example.com ');
    expect(await screen.findByText(neutral)).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reset your password now' })).not.toBeInTheDocument();
    expect(JSON.parse(String(callsTo(spy, 'requestPasswordReset')[0]!.body))).toEqual({ email: 'ada@example.com' });
  });

  it('offers the returned link directly when the server sends no e-mail', async () => {
    mockApi({
      getConfig: testConfig({ emailEnabled: false }),
      requestPasswordReset: { message: 'ok', link: `${window.location.origin}/reset-password?token=t1&userId=u1` },
    });
    const { router } = renderPage();
    await ask();
    await userEvent.click(await screen.findByRole('link', { name: 'Reset your password now' }));
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(router.state.location.search).toBe('?token=t1&userId=u1');
  });

  it('says plainly there is no link when the server sends no e-mail and returned none (no such account)', async () => {
    mockApi({ getConfig: testConfig({ emailEnabled: false }), requestPasswordReset: { message: 'ok', linksReturned: true } });
    renderPage();
    await ask('nobody@example.com');
    expect(await screen.findByText('No reset link for that address')).toBeInTheDocument();
    expect(screen.queryByText(neutral)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reset your password now' })).not.toBeInTheDocument();
  });

  it('keeps the neutral message when the server sends no e-mail but returns no links either (a console or test mailer)', async () => {
    mockApi({ getConfig: testConfig({ emailEnabled: false }), requestPasswordReset: { message: 'ok' } });
    renderPage();
    await ask();
    expect(await screen.findByText(neutral)).toBeInTheDocument();
    expect(screen.queryByText('No reset link for that address')).not.toBeInTheDocument();
  });

  it('shows the same neutral message when the request fails', async () => {
    mockApi({
      getConfig: testConfig(),
      requestPasswordReset: fail(429, { code: 'RATE_LIMITED', message: 'slow down' }),
    });
    renderPage();
    await ask();
    expect(await screen.findByText(neutral)).toBeInTheDocument();
    expect(screen.queryByText('slow down')).not.toBeInTheDocument();
  });
});
