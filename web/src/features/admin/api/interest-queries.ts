import type { UserInterestAdmin } from '@meld/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { showToast } from '@/lib/toast.ts';
import { adminKeys } from './admin-queries.ts';

export function userInterestQuery() {
  return queryOptions({
    queryKey: adminKeys.userInterest(),
    queryFn: ({ signal }) => apiRequest('listUserInterest', { signal }),
    // The tab shows its own error state (with the 403 explained), so no toast on top.
    meta: { toastOnError: false },
  });
}

/** Marks a sign-up subscribed (one way: there is no reverse); the row changes once the server agrees. */
export function useConfirmNewsletter() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = adminKeys.userInterest();
  return useMutation({
    mutationFn: (id: string) => apiRequest('confirmNewsletterSignup', { params: { id } }),
    onSuccess: (_result, id) => {
      const signedUpAt = new Date().toISOString();
      queryClient.setQueryData<UserInterestAdmin[]>(key, (list) =>
        list?.map((row) => (row._id === id ? { ...row, newsletterSubscription: true, newsletterSignedUpAt: row.newsletterSignedUpAt ?? signedUpAt } : row)),
      );
    },
    onError: () => showToast({ message: t('adminSignups.userInterest.errors.newsletter'), severity: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteUserInterest() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = adminKeys.userInterest();
  return useMutation({
    mutationFn: (id: string) => apiRequest('deleteUserInterest', { params: { id } }),
    onSuccess: (_result, id) => queryClient.setQueryData<UserInterestAdmin[]>(key, (list) => list?.filter((row) => row._id !== id)),
    onError: () => showToast({ message: t('adminSignups.userInterest.errors.delete'), severity: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
