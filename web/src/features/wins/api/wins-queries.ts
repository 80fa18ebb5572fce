import type { CreateWinBody, ListWinsResponse, UpdateWinBody, WinTile } from '@meld/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { showToast } from '@/lib/toast.ts';

/** Toast lengths of spec 002 section 8: create 3 s, pin and edit 2 s. */
const CREATE_TOAST_MS = 3000;
const SHORT_TOAST_MS = 2000;

export const winKeys = {
  all: ['wins'] as const,
  /** The vault: every tile plus the digest of the user's current month. */
  vault: () => [...winKeys.all, 'vault'] as const,
};

export function winsVaultQuery() {
  return queryOptions({
    queryKey: winKeys.vault(),
    queryFn: ({ signal }) => apiRequest('listWins', { signal }),
    // The screen shows its own error state with a retry.
    meta: { toastOnError: false },
  });
}

/** Swaps one tile in the cached vault (the server's answer after an edit, pin or share). */
function replaceTile(data: ListWinsResponse | undefined, tile: WinTile): ListWinsResponse | undefined {
  return data ? { ...data, wins: data.wins.map((win) => (win.id === tile.id ? tile : win)) } : data;
}

export function useCreateWin() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWinBody) => apiRequest('createWin', { body }),
    onSuccess: () => showToast({ message: t('wins.toasts.created'), severity: 'success', duration: CREATE_TOAST_MS }),
    onError: () => showToast({ message: t('wins.toasts.createFailed'), severity: 'error' }),
    // The digest counts tiles, so the whole view is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: winKeys.vault() }),
  });
}

export function useUpdateWin() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateWinBody }) => apiRequest('updateWin', { params: { id }, body }),
    onSuccess: (tile) => {
      queryClient.setQueryData<ListWinsResponse>(winKeys.vault(), (data) => replaceTile(data, tile));
      showToast({ message: t('wins.toasts.updated'), severity: 'success', duration: SHORT_TOAST_MS });
    },
    onError: () => showToast({ message: t('wins.toasts.updateFailed'), severity: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: winKeys.vault() }),
  });
}

/** The pin flips at once; a refusal puts it back and says so. */
export function usePinWin() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = winKeys.vault();
  return useMutation({
    mutationFn: ({ id, pinned }: { id: string; pinned: boolean }) => apiRequest('pinWin', { params: { id }, body: { pinned } }),
    onMutate: async ({ id, pinned }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ListWinsResponse>(key);
      queryClient.setQueryData<ListWinsResponse>(key, (data) =>
        data ? { ...data, wins: data.wins.map((win) => (win.id === id ? { ...win, isPinned: pinned } : win)) } : data,
      );
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      showToast({ message: t('wins.toasts.pinFailed'), severity: 'error' });
    },
    onSuccess: (tile) => {
      queryClient.setQueryData<ListWinsResponse>(key, (data) => replaceTile(data, tile));
      showToast({ message: t(tile.isPinned ? 'wins.toasts.pinned' : 'wins.toasts.unpinned'), severity: 'success', duration: SHORT_TOAST_MS });
    },
    // The digest previews pinned wins first, so the whole view is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteWin() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('deleteWin', { params: { id } }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<ListWinsResponse>(winKeys.vault(), (data) => (data ? { ...data, wins: data.wins.filter((win) => win.id !== id) } : data));
      showToast({ message: t('wins.toasts.deleted'), severity: 'success', duration: SHORT_TOAST_MS });
    },
    onError: () => showToast({ message: t('wins.toasts.deleteFailed'), severity: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: winKeys.vault() }),
  });
}

/** Records a share (the member sent the tile through the share sheet); the tile's share count comes back. */
export function useRecordShare() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('shareWin', { params: { id } }),
    onSuccess: (tile) => queryClient.setQueryData<ListWinsResponse>(winKeys.vault(), (data) => replaceTile(data, tile)),
    onError: () => showToast({ message: t('wins.toasts.shareFailed'), severity: 'warning' }),
  });
}
