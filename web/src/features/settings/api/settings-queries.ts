import { ERROR_CODES, IMPORT_LIMITS } from '@meld/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/lib/use-translation.ts';
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

/** The largest import file, as the import row and its errors say it. */
export const IMPORT_MAX_SIZE = `${IMPORT_LIMITS.maxBytes / (1024 * 1024)} MB`;

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
      showToast({ message: importErrorText(error, t), severity: 'error' });
    },
  });
}

/**
 * Spec 000 section 8's two texts, and one more for a file over a bound: the server's 413 names the
 * bound it met; a 413 without our code is the gateway's, refusing a body too large to carry.
 */
function importErrorText(error: Error, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('settings.data.import.error');
  if (error.message === UNSUPPORTED_IMPORT) return t('settings.data.import.fileType');
  if (error.status !== 413) return t('settings.data.import.error');
  return error.code === ERROR_CODES.payloadTooLarge ? t('settings.data.import.overLimit', { reason: error.message }) : t('settings.data.import.tooLarge', { size: IMPORT_MAX_SIZE });
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
