import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api.ts';
import { testConfig } from '@/test/fixtures.ts';
import { roleInfo, roleRoutes } from '@/test/roles.ts';
import { clearToastsAfterEach, renderSettingsAt, settingsServer } from '../test/settings-test-kit.tsx';

clearToastsAfterEach();

describe('commands settings', () => {
  it('explains commands and saves the / prompts command as one setting', async () => {
    const server = settingsServer();
    mockApi({ ...server.routes, getConfig: testConfig(), ...roleRoutes() });
    renderSettingsAt('commands');
    expect(await screen.findByText(/A command runs when a message starts with its character/)).toBeInTheDocument();
    const slash = screen.getByRole('switch', { name: 'Prompts with /' });
    await waitFor(() => expect(slash).toBeEnabled());
    expect(slash).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(slash);
    await waitFor(() => expect(server.state.patches).toEqual([{ slashCommand: false }]));
    expect(slash).toHaveAttribute('aria-checked', 'false');
  });

  it('disables the toggle, and says why, when the role may not use prompts', async () => {
    mockApi({ ...settingsServer().routes, getConfig: testConfig(), ...roleRoutes({ USER: roleInfo('USER', { PROMPTS: { USE: false } }) }) });
    renderSettingsAt('commands');
    expect(await screen.findByText('Command toggles are disabled: the prompt library is not available to your account.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Prompts with /' })).toBeDisabled();
  });
});
