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
  /** Replies being written, wherever they were started (issue 25, sections 3 and 4). */
  live: () => [...chatKeys.all, 'live'] as const,
  liveReplies: (conversationId: string) => [...chatKeys.live(), 'conversation', conversationId] as const,
  replyingList: () => [...chatKeys.live(), 'list'] as const,
  /** What files each endpoint takes (types, sizes, counts): the composer checks them before upload. */
  fileConfig: () => [...chatKeys.all, 'file-config'] as const,
};

export const fileConfigQuery = queryOptions({
  queryKey: chatKeys.fileConfig(),
  queryFn: ({ signal }) => apiRequest('getFileConfig', { signal }),
  staleTime: 5 * 60_000,
});

export type ConvoPage = RouteResponse<'listConvos'>;
/**
 * The sidebar's page. A screen of history holds up to about 40 rows (1440 px high), so with the
 * 8 rows the load-more rule looks ahead the first page fills it: with 25 a 1280x900 window asked
 * for its second page as the page loaded, and that answer, an urgent update, started the
 * conversation's first render (a transition) over (issue 25 §7). The server allows up to 100.
 */
export const CONVO_PAGE_SIZE = 50;
/** Search results are not virtualised and each shows its snippets: a page of them stays small. */
export const SEARCH_PAGE_SIZE = 25;

/** Spec 000 section 9: the sidebar list is stale after 30 s and cached 5 min. */
export function convoListQuery(filters: ConvoListFilters) {
  return infiniteQueryOptions({
    queryKey: convoKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest('listConvos', {
        query: {
          cursor: pageParam,
          limit: filters.search ? SEARCH_PAGE_SIZE : CONVO_PAGE_SIZE,
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

export type LiveReply = RouteResponse<'liveReplies'>['replies'][number];

/** The server checkpoints a reply in progress about once a second: a live reply is followed as often. */
export const LIVE_REPLY_POLL_MS = 1_000;
/** Which conversations are replying is asked again this often, only while one is. */
export const REPLYING_LIST_POLL_MS = 7_000;
/**
 * How old a live answer may be when a component that reads it mounts, and not be asked again.
 * The live queries are stale at once (`staleTime: 0`): the route's loaders, focus and reconnection
 * always ask. A staleness timer would change every observer's result as it fires, and a result
 * changing while React renders the conversation's first draw in a transition makes React render
 * the whole page again, synchronously (issue 25 §7: with a 1 s staleness that was most first
 * loads at 4x CPU). For the same reason a mount does not ask again what the loader has just
 * fetched: the view mounts a second or two after it on such a load. A reply that begins elsewhere
 * after the loader asked is found as one that begins after the page has opened.
 */
export const LIVE_MOUNT_FRESH_MS = 5_000;
const askAgainOnMount = (query: { state: { dataUpdatedAt: number } }) => Date.now() - query.state.dataUpdatedAt >= LIVE_MOUNT_FRESH_MS;

/**
 * The conversation's replies in progress (another tab's, another device's, or one this tab lost on
 * reload). Asked whenever the conversation opens and followed about once a second while one is
 * live (`follow` also while another hint says one is); TanStack Query pauses the interval while
 * the tab is hidden.
 */
export function liveRepliesQuery(conversationId: string, follow = false) {
  return queryOptions({
    queryKey: chatKeys.liveReplies(conversationId),
    queryFn: ({ signal }) => apiRequest('liveReplies', { params: { conversationId }, signal }),
    staleTime: 0,
    refetchOnMount: askAgainOnMount,
    gcTime: 60_000,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (follow || query.state.data?.replies.length ? LIVE_REPLY_POLL_MS : false),
    // The conversation's own queries say "not found"; this one simply shows no live reply.
    meta: { toastOnError: false },
  });
}

/** Which of the member's conversations are replying: asked on load and focus, polled slowly while any is. */
export const replyingListQuery = queryOptions({
  queryKey: chatKeys.replyingList(),
  queryFn: async ({ client, queryKey, signal }) => {
    const before = client.getQueryData<RouteResponse<'liveReplyList'>>(queryKey)?.replying ?? [];
    const list = await apiRequest('liveReplyList', { signal });
    // A reply that ended elsewhere moved its conversation up, and a first one brings a title.
    if (before.some((reply) => !list.replying.some((still) => still.conversationId === reply.conversationId))) void client.invalidateQueries({ queryKey: convoKeys.lists() });
    return list;
  },
  staleTime: 0,
  refetchOnMount: askAgainOnMount,
  refetchOnWindowFocus: true,
  refetchInterval: (query) => (query.state.data?.replying.length ? REPLYING_LIST_POLL_MS : false),
  meta: { toastOnError: false },
});
