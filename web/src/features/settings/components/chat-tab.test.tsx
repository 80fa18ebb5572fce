import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { userSettingsKeys } from '@/lib/user-settings.ts';
import { mockApi } from '@/test/mock-api.ts';
import { clearToastsAfterEach, renderSettingsAt, settingsServer } from '../test/settings-test-kit.tsx';

clearToastsAfterEach();

describe('chat settings', () => {
  it('shows the saved settings and saves a switch as that one setting alone', async () => {
    const server = settingsServer({ enterToSend: false });
    mockApi(server.routes);
    renderSettingsAt('chat');
    const enter = screen.getByRole('switch', { name: 'Enter to send' });
    await waitFor(() => expect(enter).toHaveAttribute('aria-checked', 'false'));
    await userEvent.click(enter);
    expect(enter).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(server.state.patches).toEqual([{ enterToSend: true }]));
    expect(screen.getByRole('switch', { name: 'Save drafts' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'Save badges state' })).toHaveAttribute('aria-checked', 'false');
  });

  it('saves the font size, the direction and the default fork from their menus', async () => {
    const server = settingsServer();
    mockApi(server.routes);
    renderSettingsAt('chat');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Font size' }), 'lg');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Chat direction' }), 'RTL');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Default fork' }), 'directPath');
    await waitFor(() => expect(server.state.settings).toMatchObject({ fontSize: 'lg', chatDirection: 'RTL', forkSetting: 'directPath' }));
    expect(screen.getByRole('combobox', { name: 'Font size' })).toHaveValue('lg');
  });

  it('puts a switch back and says so when the server refuses the change', async () => {
    const server = settingsServer({}, 500);
    mockApi(server.routes);
    const { queryClient } = renderSettingsAt('chat');
    const latex = screen.getByRole('switch', { name: 'Math formulas' });
    await waitFor(() => expect(queryClient.getQueryData(userSettingsKeys.current())).toBeDefined());
    await userEvent.click(latex);
    expect(await screen.findByText('Your setting could not be saved. Please try again.')).toBeInTheDocument();
    expect(latex).toHaveAttribute('aria-checked', 'true');
  });
});
