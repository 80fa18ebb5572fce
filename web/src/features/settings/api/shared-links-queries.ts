import type { RouteResponse, SharedLink } from '@meld/shared';
import { infiniteQueryOptions, keepPreviousData, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { showToast } from '@/lib/toast.ts';
import { settingsKeys } from './settings-queries.ts';

export const SHARED_LINKS_PAGE_SIZE = 25;

type SharedLinksPage = RouteResponse<'listShares'>;

export function sharedLinksQuery(search: string) {
  return infiniteQueryOptions({
    queryKey: settingsKeys.sharedLinkList(search),
    queryFn: ({ pageParam, signal }) =>
      apiRequest('listShares', {
        query: { pageSize: SHARED_LINKS_PAGE_SIZE, cursor: pageParam, search: search || undefined, sortBy: 'createdAt', sortDirection: 'desc' },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasNextPage && last.nextCursor ? last.nextCursor : undefined),
    // Links are created from the conversation view: the table is always read fresh.
    staleTime: 0,
    // A new search keeps the old rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

/** The share ids a bulk delete can act on: rows without one are skipped (spec 000 section 5). */
export function deletableShareIds(links: readonly Pick<SharedLink, 'shareId'>[]): string[] {
  return links.map((link) => link.shareId).filter(Boolean);
}

/**
 * Deletes links one call per shareId (spec 000 section 7). The rows leave every cached page at
 * once; on an error they come back, and a refetch settles which deletes did land.
 */
export function useDeleteSharedLinks() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const scope = { queryKey: settingsKeys.sharedLinks() };
  return useMutation({
    mutationFn: (shareIds: string[]) => Promise.all(shareIds.map((id) => apiRequest('deleteShare', { params: { id } }))),
    onMutate: async (shareIds) => {
      await queryClient.cancelQueries(scope);
      const previous = queryClient.getQueriesData<InfiniteData<SharedLinksPage>>(scope);
      const gone = new Set(shareIds);
      queryClient.setQueriesData<InfiniteData<SharedLinksPage>>(scope, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, links: page.links.filter((link) => !gone.has(link.shareId)) })) } : data,
      );
      return { previous };
    },
    onError: (_error, _ids, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      showToast({ message: t('settings.sharedLinks.deleteError'), severity: 'error' });
    },
    onSuccess: (_result, shareIds) => {
      showToast({ message: t(shareIds.length === 1 ? 'settings.sharedLinks.deleted' : 'settings.sharedLinks.deletedMany'), severity: 'success' });
    },
    onSettled: () => queryClient.invalidateQueries(scope),
  });
}
