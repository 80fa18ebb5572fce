import { ADMIN_LIMITS, type AdminUser, type Role } from '@meld/shared';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { isApiError } from '@/lib/api-error.ts';
import { showToast } from '@/lib/toast.ts';
import { adminKeys } from './admin-queries.ts';

export interface UserFilters {
  search: string;
  /** A role, or '' for every role. */
  role: Role | '';
}

/** Spec 002 section 9: pages of 1000, fresh for 5 minutes, kept 10 minutes after the tab closes. */
const STALE_MS = 5 * 60_000;
const KEEP_MS = 10 * 60_000;

/** Cursor pages of the users matching a search and role, newest account first. */
export function usersListQuery(filters: UserFilters) {
  return infiniteQueryOptions({
    queryKey: adminKeys.usersList(filters),
    queryFn: ({ signal, pageParam }) =>
      apiRequest('listUsers', {
        signal,
        query: { limit: ADMIN_LIMITS.usersPageMax, search: filters.search || undefined, role: filters.role || undefined, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE_MS,
    gcTime: KEEP_MS,
    // The tab shows its own error state (with the 403 explained), so no toast on top.
    meta: { toastOnError: false },
  });
}

/** The role change: the toast names the new role; a refusal shows the server's reason (spec 002 section 8). */
export function useUpdateUserRole() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => apiRequest('updateUserRole', { params: { id }, body: { role } }),
    onSuccess: (user) => showToast({ message: t('adminUsers.roleDialog.updated', { role: t(`admin.roles.${user.role}`) }), severity: 'success' }),
    onError: (error) => showToast({ message: (isApiError(error) && error.message) || t('adminUsers.roleDialog.failed'), severity: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}

/** Deleting a user removes everything they own on the server; every list that showed them refetches. */
export function useDeleteUser() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: AdminUser) => apiRequest('deleteUser', { params: { id: user._id } }),
    onSuccess: () => showToast({ message: t('adminUsers.deleteDialog.deleted'), severity: 'success' }),
    onError: () => showToast({ message: t('adminUsers.deleteDialog.failed'), severity: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
