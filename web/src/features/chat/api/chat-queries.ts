import type { RouteResponse } from '@meld/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { convoKeys, type ConvoListFilters } from '@/lib/convo-keys.ts';

/** Keys of the chat feature's own calls; conversations and messages use the shared `convoKeys`. */
export const chatKeys = {
  all: ['chat'] as const,
  searchEnabled: () => [...chatKeys.all, 'search-enabled'] as const,
  tags: () => [...chatKeys.all, 'tags'] as const,
  shareLink: (conversationId: string) => [...chatKeys.all, 'share-link', conversationId] as const,
};

export type ConvoPage = RouteResponse<'listConvos'>;
export const CONVO_PAGE_SIZE = 25;

/** Spec 000 section 9: the sidebar list is stale after 30 s and cached 5 min. */
export function convoListQuery(filters: ConvoListFilters) {
  return infiniteQueryOptions({
    queryKey: convoKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest('listConvos', {
        query: {
          cursor: pageParam,
          limit: CONVO_PAGE_SIZE,
          isArchived: filters.isArchived,
          sortBy: filters.sortBy,
          sortDirection: filters.sortDirection,
          tags: filters.tags?.length ? filters.tags.join(',') : undefined,
          search: filters.search,
        },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
    gcTime: 5 * 60_000,
  });
}

/** Conversations are stale after 5 min and cached 30 min; their messages follow the same timing. */
export function convoQuery(conversationId: string) {
  return queryOptions({
    queryKey: convoKeys.detail(conversationId),
    queryFn: ({ signal }) => apiRequest('getConvo', { params: { conversationId }, signal }),
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
    // The page shows its own "not found" state instead of a toast.
    meta: { toastOnError: false },
  });
}

export function messagesQuery(conversationId: string) {
  return queryOptions({
    queryKey: convoKeys.messages(conversationId),
    queryFn: ({ signal }) => apiRequest('getMessages', { params: { conversationId }, signal }),
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
    meta: { toastOnError: false },
  });
}

export const searchEnabledQuery = queryOptions({
  queryKey: chatKeys.searchEnabled(),
  queryFn: ({ signal }) => apiRequest('searchEnabled', { signal }),
  staleTime: Infinity,
  // Without search the sidebar simply has no search box.
  meta: { toastOnError: false },
});

export const tagsQuery = queryOptions({
  queryKey: chatKeys.tags(),
  queryFn: ({ signal }) => apiRequest('listTags', { signal }),
  staleTime: 5 * 60_000,
});

export function shareLinkQuery(conversationId: string) {
  return queryOptions({
    queryKey: chatKeys.shareLink(conversationId),
    queryFn: ({ signal }) => apiRequest('getShareLink', { params: { id: conversationId }, signal }),
    staleTime: 0,
  });
}
