import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { apiRequest } from '@/lib/api-client.ts';
import { clearSession } from '@/lib/auth-session.ts';
import { ApiError } from '@/lib/api-error.ts';
import { convoKeys } from '@/lib/convo-keys.ts';
import { showToast } from '@/lib/toast.ts';

/** Keys of the settings feature's own caches; conversation lists live under `convoKeys`. */
export const settingsKeys = {
  all: ['settings'] as const,
  sharedLinks: () => [...settingsKeys.all, 'sharedLinks'] as const,
  sharedLinkList: (search: string) => [...settingsKeys.sharedLinks(), { search }] as const,
  importConvos: () => [...settingsKeys.all, 'import'] as const,
  deleteAllConvos: () => [...settingsKeys.all, 'deleteAllConvos'] as const,
  deleteAccount: () => [...settingsKeys.all, 'deleteAccount'] as const,
  revokeKeys: () => [...settingsKeys.all, 'revokeKeys'] as const,
};

/** The server's answer for a file that is JSON but no known export (spec 000 section 8). */
const UNSUPPORTED_IMPORT = 'Unsupported import type';

export function isJsonFileName(name: string): boolean {
  return name.toLowerCase().endsWith('.json');
}

/** Uploads an export as multipart field `file`; toasts say how it went and lists refresh. */
export function useImportConversations() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsKeys.importConvos(),
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest('importConvos', { form });
    },
    onSuccess: ({ imported, failed }) => {
      void queryClient.invalidateQueries({ queryKey: convoKeys.lists() });
      showToast({ message: t('settings.data.import.success', { count: imported }), severity: 'success' });
      if (failed > 0) showToast({ message: t('settings.data.import.partial', { count: failed }), severity: 'warning' });
    },
    onError: (error) => {
      const unsupported = error instanceof ApiError && error.message === UNSUPPORTED_IMPORT;
      showToast({ message: t(unsupported ? 'settings.data.import.fileType' : 'settings.data.import.error'), severity: 'error' });
    },
  });
}

/** Deletes every conversation, empties the conversation caches and starts a new chat. */
export function useDeleteAllConversations() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: settingsKeys.deleteAllConvos(),
    mutationFn: () => apiRequest('deleteAllConvos'),
    onSuccess: () => {
      // Reset rather than invalidate: cached conversations must not flash back while lists refetch.
      void queryClient.resetQueries({ queryKey: convoKeys.all });
      showToast({ message: t('settings.data.clear.success'), severity: 'success' });
      void navigate('/c/new');
    },
    onError: () => showToast({ message: t('settings.data.clear.error'), severity: 'error' }),
  });
}

/** Deletes the account; then nothing of it may stay on screen or in the cache: sign out, go to /login. */
export function useDeleteAccount() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: settingsKeys.deleteAccount(),
    mutationFn: (email: string) => apiRequest('deleteAccount', { body: { email } }),
    onSuccess: () => {
      clearSession({ signedOut: true });
      queryClient.clear();
      void navigate('/login', { replace: true });
    },
    onError: () => showToast({ message: t('settings.account.delete.error'), severity: 'error' }),
  });
}

/** Forgets every provider key the user entered (DELETE /api/keys?all=true). */
export function useRevokeAllKeys() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsKeys.revokeKeys(),
    mutationFn: () => apiRequest('deleteKeys', { query: { all: 'true' } }),
    onSuccess: ({ deleted }) => {
      // The chat's key status lives in its own feature's cache: refresh whatever is on screen.
      void queryClient.invalidateQueries();
      showToast({ message: t('settings.data.revokeKeys.success', { count: deleted }), severity: 'success' });
    },
    onError: () => showToast({ message: t('settings.data.revokeKeys.error'), severity: 'error' }),
  });
}
