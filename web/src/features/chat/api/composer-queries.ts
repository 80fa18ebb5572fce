import type { Preset, RouteBody } from '@meld/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { showToast } from '@/lib/toast.ts';
import { chatKeys } from './chat-queries.ts';

/** The composer's own calls: the user's presets and provider keys. */
export const composerKeys = {
  presets: () => [...chatKeys.all, 'presets'] as const,
  keys: () => [...chatKeys.all, 'keys'] as const,
};

export const presetsQuery = queryOptions({
  queryKey: composerKeys.presets(),
  queryFn: ({ signal }) => apiRequest('listPresets', { signal }),
  staleTime: 5 * 60_000,
  // Without presets a new chat simply starts from the last model used.
  meta: { toastOnError: false },
});

export const userKeysQuery = queryOptions({
  queryKey: composerKeys.keys(),
  queryFn: ({ signal }) => apiRequest('listKeys', { signal }),
  staleTime: 60_000,
  meta: { toastOnError: false },
});

export function useSavePreset() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'savePreset'>) => apiRequest('savePreset', { body }),
    // Saving a default clears the flag on the others, so the whole list is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: composerKeys.presets() }),
    onError: () => showToast({ message: t('composer.presets.saveFailed'), severity: 'error' }),
  });
}

export function useDeletePreset() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (presetId: string) => apiRequest('deletePreset', { body: { presetId } }),
    onSuccess: (_result, presetId) => queryClient.setQueryData<Preset[]>(composerKeys.presets(), (list) => list?.filter((preset) => preset.presetId !== presetId)),
    onError: () => showToast({ message: t('composer.presets.deleteFailed'), severity: 'error' }),
  });
}

export function useSaveKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'updateKey'>) => apiRequest('updateKey', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: composerKeys.keys() }),
  });
}

export function useRevokeKey() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest('deleteKey', { params: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: composerKeys.keys() }),
    onError: () => showToast({ message: t('composer.keys.revokeFailed'), severity: 'error' }),
  });
}
