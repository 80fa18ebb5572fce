import { DEFAULT_USER_SETTINGS } from '@meld/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { testQueryClient } from '@/test/render.tsx';
import { setSession } from './auth-session.ts';
import { i18n } from './i18n.ts';
import { readThemeChoice, setThemeChoice } from './theme.ts';
import { useUserSettings, useUserSettingsSync } from './user-settings.ts';

afterEach(async () => {
  document.documentElement.classList.remove('dark');
  await i18n.changeLanguage('en');
});

function renderSync() {
  setSession('tok', testUser, { broadcast: false });
  const queryClient = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(
    () => {
      useUserSettingsSync();
      return useUserSettings();
    },
    { wrapper },
  );
}

describe('user settings sync', () => {
  it('shows this device’s theme at once, then takes the server’s theme when it arrives', async () => {
    localStorage.setItem('theme', 'light');
    mockApi({ getUserSettings: { ...DEFAULT_USER_SETTINGS, theme: 'dark' } });
    const { result } = renderSync();
    expect(result.current.theme).toBe('light');
    await waitFor(() => expect(result.current.theme).toBe('dark'));
    expect(readThemeChoice()).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
  });

  it('saves a theme changed on this device to the server', async () => {
    const spy = mockApi({
      getUserSettings: DEFAULT_USER_SETTINGS,
      updateUserSettings: { ...DEFAULT_USER_SETTINGS, theme: 'dark' },
    });
    const { result } = renderSync();
    await waitFor(() => expect(callsTo(spy, 'getUserSettings')).toHaveLength(1));
    await waitFor(() => expect(result.current).toEqual(DEFAULT_USER_SETTINGS));
    expect(callsTo(spy, 'updateUserSettings')).toHaveLength(0);
    act(() => setThemeChoice('dark'));
    await waitFor(() => expect(callsTo(spy, 'updateUserSettings')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(spy, 'updateUserSettings')[0]?.body))).toEqual({ theme: 'dark' });
  });
});
