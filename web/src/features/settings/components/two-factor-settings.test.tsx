import type { RouteName } from '@meld/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getSession, setSession } from '@/lib/auth-session.ts';
import { getToasts } from '@/lib/toast.ts';
import { callsTo, fail, type FetchSpy, mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { clearToastsAfterEach, renderSettingsAt, settingsServer } from '../test/settings-test-kit.tsx';

clearToastsAfterEach();

const SETUP_TITLE = 'Two-factor setup';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const setup = {
  otpauthUrl: `otpauth://totp/Meld:ada%40example.com?issuer=Meld&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`,
  backupCodes: ['AAAA2222', 'BBBB3333', 'CCCC4444', 'DDDD5555', 'EEEE6666', 'FFFF7777', 'GGGG8888', 'HHHH9999', 'JJJJ2345', 'KKKK6789'],
};
const invalid = () => fail(400, { code: 'INVALID_2FA_CODE', message: 'Invalid two-factor code or backup code.', field: 'token' });
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
const toasts = () => getToasts().map((toast) => toast.message);
const bodyOf = (spy: FetchSpy, name: RouteName, index = 0) => JSON.parse(String(callsTo(spy, name)[index]?.body)) as unknown;

function renderAccount(routes: Parameters<typeof mockApi>[0] = {}, user = testUser) {
  const spy = mockApi({ ...settingsServer().routes, ...routes });
  const rendered = renderSettingsAt('account');
  act(() => setSession('tok', user, { broadcast: false }));
  return { spy, ...rendered };
}

async function typeCode(within: HTMLElement, code = '123456') {
  fireEvent.paste(within.querySelector('input')!, { clipboardData: { getData: () => code } });
}

async function openSetupAtQr() {
  await userEvent.click(screen.getByRole('button', { name: 'Set up' }));
  const dialog = await screen.findByRole('dialog', { name: SETUP_TITLE });
  expect(within(dialog).getByRole('listitem', { current: 'step' })).toHaveTextContent('Setup');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Generate secret' }));
  await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' });
  return dialog;
}

describe('two-factor in account settings', () => {
  it('is offered only to accounts that sign in with a password', () => {
    renderAccount({}, { ...testUser, provider: 'google' });
    expect(screen.queryByText('Two-factor authentication')).not.toBeInTheDocument();
  });

  it('walks through Setup, Scan QR, Verify and Backup, then shows two-factor as on', async () => {
    const { spy } = renderAccount({ enableTwoFactor: setup, verifyTwoFactor: { message: 'Two-factor authentication is on.' } });
    const dialog = await openSetupAtQr();
    expect(within(dialog).getByRole('listitem', { current: 'step' })).toHaveTextContent('Scan QR');
    expect(within(dialog).getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('listitem', { current: 'step' })).toHaveTextContent('Verify');
    const verify = within(dialog).getByRole('button', { name: 'Verify code' });
    expect(verify).toBeDisabled();
    await typeCode(dialog, '123456');
    await userEvent.click(verify);

    await within(dialog).findByRole('list', { name: 'Backup codes' });
    expect(bodyOf(spy, 'verifyTwoFactor')).toEqual({ token: '123456' });
    expect(toasts()).toContain('Code verified.');
    expect(within(dialog).getAllByRole('listitem').filter((item) => /^[A-Z0-9]{8}$/.test(item.textContent ?? ''))).toHaveLength(10);

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:codes');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('backup-codes.txt');
    expect(await readBlob(createObjectURL.mock.calls[0]![0])).toBe(`${setup.backupCodes.join('\n')}\n`);

    await userEvent.click(within(dialog).getByRole('button', { name: 'I saved my codes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SETUP_TITLE })).not.toBeInTheDocument());
    expect(toasts()).toContain('Two-factor authentication is on.');
    expect(getSession().user?.twoFactorEnabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(screen.getByText('Backup codes')).toBeInTheDocument();
    expect(callsTo(spy, 'disableTwoFactor')).toHaveLength(0);
  });

  it('says so when the verify code is wrong, and stays on the Verify step', async () => {
    renderAccount({ enableTwoFactor: setup, verifyTwoFactor: invalid() });
    const dialog = await openSetupAtQr();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await typeCode(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify code' }));
    await waitFor(() => expect(toasts()).toEqual(['That code is not right. Check your app and try again.']));
    expect(within(dialog).getByRole('listitem', { current: 'step' })).toHaveTextContent('Verify');
  });

  it('rolls the setup back with one of its backup codes when the dialog is closed midway', async () => {
    const { spy } = renderAccount({ enableTwoFactor: setup, disableTwoFactor: { message: 'Two-factor authentication is off.' } });
    const dialog = await openSetupAtQr();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(callsTo(spy, 'disableTwoFactor')).toHaveLength(1));
    expect(bodyOf(spy, 'disableTwoFactor')).toEqual({ backupCode: 'AAAA2222' });
    expect(screen.queryByRole('dialog', { name: SETUP_TITLE })).not.toBeInTheDocument();
    expect(getSession().user?.twoFactorEnabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Set up' })).toBeInTheDocument();
  });

  it('closes without a rollback when nothing was generated yet', async () => {
    const { spy } = renderAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Set up' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: SETUP_TITLE })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SETUP_TITLE })).not.toBeInTheDocument());
    expect(callsTo(spy, 'disableTwoFactor')).toHaveLength(0);
  });

  it('says so when the secret cannot be generated', async () => {
    renderAccount({ enableTwoFactor: fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Set up' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Generate secret' }));
    await waitFor(() => expect(toasts()).toEqual(['Two-factor authentication could not be set up. Please try again.']));
  });

  it('turns two-factor off with a backup code', async () => {
    const { spy } = renderAccount({ disableTwoFactor: { message: 'Two-factor authentication is off.' } }, { ...testUser, twoFactorEnabled: true });
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use a backup code instead' }));
    await userEvent.type(within(dialog).getByLabelText('Backup code'), 'aaaa2222');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(toasts()).toEqual(['Two-factor authentication is off.']));
    expect(bodyOf(spy, 'disableTwoFactor')).toEqual({ backupCode: 'AAAA2222' });
    expect(getSession().user?.twoFactorEnabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Set up' })).toBeInTheDocument();
  });

  it('keeps two-factor on and says so when turning it off fails', async () => {
    renderAccount({ disableTwoFactor: fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }) }, { ...testUser, twoFactorEnabled: true });
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: /Turn off|New backup codes/ });
    await typeCode(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(toasts()).toEqual(['Two-factor authentication could not be turned off. Please try again.']));
    expect(getSession().user?.twoFactorEnabled).toBe(true);
  });

  it('makes new backup codes and shows them once', async () => {
    const fresh = setup.backupCodes.map((code) => code.split('').reverse().join(''));
    renderAccount(
      { regenerateBackupCodes: { backupCodes: fresh, backupCodesHash: fresh.map(() => ({ used: false, usedAt: null })) } },
      { ...testUser, twoFactorEnabled: true },
    );
    await userEvent.click(screen.getByRole('button', { name: 'New codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New backup codes' });
    await typeCode(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    expect(await within(dialog).findByText(fresh[0]!)).toBeInTheDocument();
    expect(toasts()).toEqual(['New backup codes are ready.']);
  });

  it('says so when new backup codes cannot be made', async () => {
    renderAccount({ regenerateBackupCodes: fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }) }, { ...testUser, twoFactorEnabled: true });
    await userEvent.click(screen.getByRole('button', { name: 'New codes' }));
    const dialog = await screen.findByRole('dialog', { name: /Turn off|New backup codes/ });
    await typeCode(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    await waitFor(() => expect(toasts()).toEqual(['New backup codes could not be made. Please try again.']));
  });
});
