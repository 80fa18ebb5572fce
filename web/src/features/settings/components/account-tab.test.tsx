import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/lib/auth-session.ts';
import { callsTo, fail, mockApi, when } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { clearToastsAfterEach, renderSettingsAt, settingsServer } from '../test/settings-test-kit.tsx';
import { emailConfirmed } from './delete-account.tsx';

clearToastsAfterEach();

async function openDeleteDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
  return screen.findByRole('dialog', { name: 'Delete your account?' });
}

describe('account settings', () => {
  it('shows who is signed in with their initials', () => {
    mockApi(settingsServer().routes);
    renderSettingsAt('account');
    expect(screen.getByRole('img', { name: 'Your initials' })).toHaveTextContent('AL');
    expect(screen.getByText(testUser.email)).toBeInTheDocument();
  });

  it('keeps the delete button locked until the account’s e-mail is typed, in any case and with spaces', async () => {
    const spy = mockApi({ ...settingsServer().routes, deleteAccount: { message: 'Your account has been deleted.' } });
    const { router, queryClient } = renderSettingsAt('account');
    queryClient.setQueryData(['chat', 'something'], 'cached');
    const dialog = await openDeleteDialog();
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    const input = within(dialog).getByLabelText('Your email address');
    expect(confirm).toBeDisabled();
    await userEvent.type(input, 'someone@else.com');
    expect(confirm).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, `  ${testUser.email.toUpperCase()} `);
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);

    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(JSON.parse(String(callsTo(spy, 'deleteAccount')[0]?.body))).toEqual({ email: testUser.email.toUpperCase() });
    expect(getSession()).toMatchObject({ status: 'anonymous', token: null, user: null });
    expect(queryClient.getQueryData(['chat', 'something'])).toBeUndefined();
  });

  it('stays signed in and says so when the deletion fails', async () => {
    mockApi({ ...settingsServer().routes, deleteAccount: fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }) });
    const { router } = renderSettingsAt('account');
    const dialog = await openDeleteDialog();
    await userEvent.type(within(dialog).getByLabelText('Your email address'), testUser.email);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account could not be deleted. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/account');
    expect(getSession().status).toBe('authenticated');
  });

  it('compares the e-mail case-insensitively after trimming', () => {
    expect(emailConfirmed(' Ada@Example.COM ', 'ada@example.com')).toBe(true);
    expect(emailConfirmed('ada@example.co', 'ada@example.com')).toBe(false);
    expect(emailConfirmed('', 'ada@example.com')).toBe(false);
  });
});

describe('linking a sign-in provider', () => {
  const withOpenId = () => testConfig({ socialLoginEnabled: true, openidLoginEnabled: true, socialLogins: ['openid'] });

  it('offers each enabled provider and starts the link through the signed-in API, not a bare navigation', async () => {
    const spy = mockApi({ ...settingsServer().routes, getConfig: withOpenId(), startSocialLink: when({ provider: 'openid' }, { url: 'https://issuer.example/authorize?state=s' }) });
    renderSettingsAt('account');
    await userEvent.click(await screen.findByRole('button', { name: 'Link OpenID' }));
    const [call] = callsTo(spy, 'startSocialLink', { provider: 'openid' });
    expect(new Headers(call?.headers).get('authorization')).toBe('Bearer tok');
  });

  it('is not shown when no provider is enabled', async () => {
    mockApi({ ...settingsServer().routes, getConfig: testConfig() });
    renderSettingsAt('account');
    expect(await screen.findByText(testUser.email)).toBeInTheDocument();
    expect(screen.queryByText('Sign in with a provider')).not.toBeInTheDocument();
  });
});
