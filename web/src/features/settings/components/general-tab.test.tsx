import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderSettingsAt, settingsServer } from '../test/settings-test-kit.tsx';

afterEach(async () => {
  await i18n.changeLanguage('en');
  document.documentElement.classList.remove('dark');
});

describe('general settings', () => {
  it('switches the theme between system, dark and light and remembers an explicit choice', async () => {
    renderSettingsAt('general');
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    await userEvent.click(screen.getByRole('radio', { name: 'System' }));
    expect(localStorage.getItem('theme')).toBeNull();
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('saves English in the lang cookie, and auto detect forgets it', async () => {
    renderSettingsAt('general');
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('auto');
    await userEvent.selectOptions(select, 'en');
    expect(document.cookie).toContain('lang=en');
    await userEvent.selectOptions(select, 'auto');
    expect(document.cookie).not.toContain('lang=');
  });

  it('saves the language, message formatting and auto scroll to the account', async () => {
    const server = settingsServer();
    mockApi(server.routes);
    renderSettingsAt('general');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'en');
    await userEvent.click(screen.getByRole('switch', { name: 'Format my messages' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Follow replies' }));
    await waitFor(() => expect(server.state.settings).toMatchObject({ language: 'en', userMarkdown: false, autoScroll: false }));
    expect(screen.getByRole('switch', { name: 'Follow replies' })).toHaveAttribute('aria-checked', 'false');
  });
});
