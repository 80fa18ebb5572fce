import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts } from '@/lib/toast.ts';
import { callsTo, fail, type FetchSpy, held, mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as TwoFactorPage } from './two-factor-route.tsx';

afterEach(() => {
  for (const toast of getToasts()) dismissToast(toast.id);
});

function renderStep(path = '/login/2fa?tempToken=temp-1') {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return { ...renderRoutes([{ path: '/login/2fa', element: <TwoFactorPage /> }, { path: '/login', element: <p>login page</p> }], path), assign };
}

const digits = () => screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ });
const verifyButton = () => screen.getByRole('button', { name: /Verify/ });
const sentBody = (spy: FetchSpy) => JSON.parse(String(callsTo(spy, 'verifyTwoFactorTemp')[0]?.body)) as unknown;

describe('the two-factor sign-in step', () => {
  it('takes six digits in two groups of three, moving on as each is typed, and signs in with a full navigation to /', async () => {
    const finish = held<'verifyTwoFactorTemp'>();
    const spy = mockApi({ verifyTwoFactorTemp: finish.handler });
    const { assign } = renderStep();
    expect(screen.getByRole('group', { name: 'Six-digit code from your authenticator app' }).children).toHaveLength(3);
    expect(verifyButton()).toBeDisabled();
    await userEvent.click(digits()[0]!);
    await userEvent.keyboard('123456');
    expect(digits().map((box) => (box as HTMLInputElement).value)).toEqual(['1', '2', '3', '4', '5', '6']);
    await userEvent.click(verifyButton());

    // Disabled while verifying: a second press sends nothing.
    await waitFor(() => expect(verifyButton()).toBeDisabled());
    expect(callsTo(spy, 'verifyTwoFactorTemp')).toHaveLength(1);
    expect(sentBody(spy)).toEqual({ tempToken: 'temp-1', token: '123456' });
    finish.answer({ token: 'tok', user: testUser });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });

  it('spreads a pasted code over all six boxes', async () => {
    renderStep();
    fireEvent.paste(digits()[2]!, { clipboardData: { getData: () => '654 321' } });
    expect(digits().map((box) => (box as HTMLInputElement).value)).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(verifyButton()).toBeEnabled();
  });

  it('moves back with Backspace from an empty box', async () => {
    renderStep();
    await userEvent.click(digits()[0]!);
    await userEvent.keyboard('12');
    await userEvent.keyboard('{Backspace}');
    expect(digits()[1]).toHaveFocus();
    expect(digits().map((box) => (box as HTMLInputElement).value)).toEqual(['1', '', '', '', '', '']);
  });

  it('toggles to an 8-character backup code and sends it instead of a code', async () => {
    const spy = mockApi({ verifyTwoFactorTemp: { token: 'tok', user: testUser } });
    const { assign } = renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    expect(screen.queryAllByRole('textbox', { name: /^Digit/ })).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Backup code'), 'abcd-efgh');
    await userEvent.click(verifyButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(sentBody(spy)).toEqual({ tempToken: 'temp-1', backupCode: 'ABCDEFGH' });
    await userEvent.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }));
    expect(digits()).toHaveLength(6);
  });

  it('keeps the button locked until the backup code has 8 valid characters', async () => {
    renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    await userEvent.type(screen.getByLabelText('Backup code'), 'ABCD1EF');
    expect(verifyButton()).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Backup code'), 'G');
    // "1" is not in the backup alphabet.
    expect(verifyButton()).toBeDisabled();
  });

  it('shows the server’s message in an error toast and lets the user try again', async () => {
    const spy = mockApi({ verifyTwoFactorTemp: () => fail(400, { code: 'INVALID_2FA_CODE', message: 'Invalid two-factor code or backup code.' }) });
    const { assign } = renderStep();
    fireEvent.paste(digits()[0]!, { clipboardData: { getData: () => '111111' } });
    await userEvent.click(verifyButton());
    await waitFor(() => expect(getToasts().map((toast) => [toast.message, toast.severity])).toEqual([['Invalid two-factor code or backup code.', 'error']]));
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(verifyButton()).toBeEnabled());
    fireEvent.paste(digits()[0]!, { clipboardData: { getData: () => '222222' } });
    await userEvent.click(verifyButton());
    await waitFor(() => expect(callsTo(spy, 'verifyTwoFactorTemp')).toHaveLength(2));
    expect(JSON.parse(String(callsTo(spy, 'verifyTwoFactorTemp')[1]?.body))).toEqual({ tempToken: 'temp-1', token: '222222' });
  });

  it('says "Error verifying 2FA" when the server gives no message', async () => {
    mockApi({ verifyTwoFactorTemp: () => Promise.reject(new TypeError('offline')) });
    renderStep();
    fireEvent.paste(digits()[0]!, { clipboardData: { getData: () => '111111' } });
    await userEvent.click(verifyButton());
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toEqual(['Error verifying 2FA']));
  });

  it('sends the user back to sign in when the address has no temporary token', async () => {
    renderStep('/login/2fa');
    expect(screen.getByText('This sign-in step has expired. Please sign in again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });
});
