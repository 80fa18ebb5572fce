import { DEFAULT_USER_SETTINGS, type UserSettings } from '@meld/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { apiRequest } from './api-client.ts';
import { applyLanguageChoice, isLanguageChoice, readLanguageChoice } from './language-choice.ts';
import { readThemeChoice, setThemeChoice, subscribeTheme } from './theme.ts';
import { showToast } from './toast.ts';
import { useSession } from './use-session.ts';

/**
 * The settings dialog's General and Chat choices, kept on the server so they follow the user
 * between devices. Chat and settings both read them, so the key factory lives here.
 */
export const userSettingsKeys = {
  all: ['userSettings'] as const,
  current: () => [...userSettingsKeys.all, 'current'] as const,
  update: () => [...userSettingsKeys.all, 'update'] as const,
};

export const userSettingsQuery = queryOptions({
  queryKey: userSettingsKeys.current(),
  queryFn: ({ signal }) => apiRequest('getUserSettings', { signal }),
  staleTime: 5 * 60_000,
});

/** Theme and language are also kept on this device, so the first paint already uses them. */
function localSettings(): UserSettings {
  return { ...DEFAULT_USER_SETTINGS, theme: readThemeChoice(), language: readLanguageChoice() };
}

/** The settings as last known: the defaults (and this device's theme and language) while loading. */
export function useUserSettings(): UserSettings {
  const { status } = useSession();
  const { data } = useQuery({ ...userSettingsQuery, enabled: status === 'authenticated' });
  return useMemo(() => data ?? localSettings(), [data]);
}

/** Whether the server's answer for the settings is in (or failed): until then {@link useUserSettings} gives the defaults. */
export function useUserSettingsKnown(): boolean {
  const { status } = useSession();
  return useQuery({ ...userSettingsQuery, enabled: status === 'authenticated' }).status !== 'pending';
}

/** Changes some settings: shown at once, put back with an error toast if the server refuses. */
export function useUpdateUserSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = userSettingsKeys.current();
  return useMutation({
    mutationKey: userSettingsKeys.update(),
    mutationFn: (patch: Partial<UserSettings>) => apiRequest('updateUserSettings', { body: patch }),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<UserSettings>(key);
      queryClient.setQueryData<UserSettings>(key, { ...(previous ?? localSettings()), ...patch });
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      else void queryClient.invalidateQueries({ queryKey: key });
      showToast({ message: t('settings.saveFailed'), severity: 'error' });
    },
    onSuccess: (settings) => {
      // With another change still on its way, this answer is already out of date.
      if (queryClient.isMutating({ mutationKey: userSettingsKeys.update() }) <= 1) queryClient.setQueryData(key, settings);
    },
  });
}

/**
 * Keeps this device's theme and language and the server's in step: the server's values win once
 * they arrive after sign-in (another device may have changed them), and every later theme change
 * here (the settings tab, the menu, the shortcut) is saved back.
 */
export function useUserSettingsSync(): void {
  const { i18n } = useTranslation();
  const { status } = useSession();
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...userSettingsQuery, enabled: status === 'authenticated' });
  const { mutate } = useUpdateUserSettings();
  const applied = useRef(false);

  useEffect(() => {
    if (!data || applied.current) return;
    applied.current = true;
    if (data.theme !== readThemeChoice()) setThemeChoice(data.theme);
    if (isLanguageChoice(data.language) && data.language !== readLanguageChoice()) void applyLanguageChoice(i18n, data.language);
  }, [data, i18n]);

  useEffect(
    () =>
      subscribeTheme(() => {
        const saved = queryClient.getQueryData<UserSettings>(userSettingsKeys.current());
        const choice = readThemeChoice();
        if (applied.current && saved && saved.theme !== choice) mutate({ theme: choice });
      }),
    [queryClient, mutate],
  );
}
