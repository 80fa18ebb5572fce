import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, mockApi } from '@/test/mock-api.ts';
import { clearToastsAfterEach, renderSettingsAt, settingsServer } from '../test/settings-test-kit.tsx';

clearToastsAfterEach();

async function confirmRevoke() {
  await userEvent.click(screen.getByRole('button', { name: 'Revoke all' }));
  const dialog = await screen.findByRole('dialog', { name: 'Revoke all keys?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke all keys' }));
}

describe('revoke all keys', () => {
  it('asks first, then revokes every key and says how many', async () => {
    const spy = mockApi({ ...settingsServer().routes, deleteKeys: { deleted: 3 } });
    renderSettingsAt('data');
    await userEvent.click(screen.getByRole('button', { name: 'Revoke all' }));
    await screen.findByRole('dialog', { name: 'Revoke all keys?' });
    expect(callsTo(spy, 'deleteKeys')).toHaveLength(0);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke all keys' }));
    expect(await screen.findByText('Revoked 3 keys.')).toBeInTheDocument();
    const [call] = spy.mock.calls.filter(([input, init]) => init?.method === 'DELETE' && String(input).includes('/api/keys'));
    expect(new URL(String(call?.[0]), 'http://localhost').searchParams.get('all')).toBe('true');
  });

  it('says so when the keys could not be revoked', async () => {
    mockApi({ ...settingsServer().routes, deleteKeys: fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }) });
    renderSettingsAt('data');
    await confirmRevoke();
    expect(await screen.findByText('Your keys could not be revoked. Please try again.')).toBeInTheDocument();
  });
});
