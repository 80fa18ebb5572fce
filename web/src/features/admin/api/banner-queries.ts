import type { AdminBanner, RouteBody } from '@meld/shared';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { configKeys } from '@/lib/config-queries.ts';
import { showToast } from '@/lib/toast.ts';
import { adminKeys } from './admin-queries.ts';

export function bannersQuery() {
  return queryOptions({
    queryKey: adminKeys.banners(),
    queryFn: ({ signal }) => apiRequest('listBanners', { signal }),
    meta: { toastOnError: false },
  });
}

/** The admin's list and the banner bar both change with a save or a delete: the admin sees the bar change at once. */
function refreshBanners(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.banners() }),
    queryClient.invalidateQueries({ queryKey: configKeys.banner('public') }),
    queryClient.invalidateQueries({ queryKey: configKeys.banner('members') }),
  ]);
}

/** Newest start first, as the server lists them. */
function upsert(list: AdminBanner[] | undefined, banner: AdminBanner): AdminBanner[] | undefined {
  if (!list) return list;
  const others = list.filter((row) => row.bannerId !== banner.bannerId);
  return [...others, banner].sort((a, b) => b.displayFrom.localeCompare(a.displayFrom));
}

export interface SaveBannerInput {
  /** Absent: a new banner. */
  bannerId?: string;
  body: RouteBody<'createBanner'>;
}

/** A refusal is shown by its field in the form, so this mutation raises no error toast of its own. */
export function useSaveBanner() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bannerId, body }: SaveBannerInput) =>
      bannerId ? apiRequest('updateBanner', { params: { bannerId }, body }) : apiRequest('createBanner', { body }),
    onSuccess: (banner, { bannerId }) => {
      queryClient.setQueryData<AdminBanner[]>(adminKeys.banners(), (list) => upsert(list, banner));
      showToast({ message: t(bannerId ? 'adminBanners.toasts.updated' : 'adminBanners.toasts.created'), severity: 'success' });
    },
    onSettled: () => refreshBanners(queryClient),
  });
}

export function useDeleteBanner() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bannerId: string) => apiRequest('deleteBanner', { params: { bannerId } }),
    onSuccess: (_answer, bannerId) => {
      queryClient.setQueryData<AdminBanner[]>(adminKeys.banners(), (list) => list?.filter((row) => row.bannerId !== bannerId));
      showToast({ message: t('adminBanners.toasts.deleted'), severity: 'success' });
    },
    onError: () => showToast({ message: t('adminBanners.errors.delete'), severity: 'error' }),
    onSettled: () => refreshBanners(queryClient),
  });
}
