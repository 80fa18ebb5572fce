import type { AccessCode, RouteBody } from '@meld/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { showToast } from '@/lib/toast.ts';
import { adminKeys } from './admin-queries.ts';

export function accessCodesQuery() {
  return queryOptions({
    queryKey: adminKeys.accessCodes(),
    queryFn: ({ signal }) => apiRequest('listAccessCodes', { signal }),
    meta: { toastOnError: false },
  });
}

function upsert(list: AccessCode[] | undefined, code: AccessCode): AccessCode[] | undefined {
  if (!list) return list;
  return list.some((row) => row.code === code.code) ? list.map((row) => (row.code === code.code ? code : row)) : [code, ...list];
}

/** The form shows a refusal by its field, so this mutation raises no toast of its own. */
export function useCreateAccessCode() {
  const queryClient = useQueryClient();
  const key = adminKeys.accessCodes();
  return useMutation({
    mutationFn: (body: RouteBody<'createAccessCode'>) => apiRequest('createAccessCode', { body }),
    onSuccess: (code) => queryClient.setQueryData<AccessCode[]>(key, (list) => upsert(list, code)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokeAccessCode() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = adminKeys.accessCodes();
  return useMutation({
    mutationFn: (code: string) => apiRequest('revokeAccessCode', { params: { code } }),
    onSuccess: (code) => queryClient.setQueryData<AccessCode[]>(key, (list) => upsert(list, code)),
    onError: () => showToast({ message: t('adminSignups.accessCodes.errors.revoke'), severity: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
