import { MESSAGE_PAGE, type Message, type RouteResponse } from '@meld/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { convoKeys, type ConvoListFilters } from '@/lib/convo-keys.ts';
import { loadPages } from '@/lib/load-pages.ts';
import { mergeMessages } from '@/lib/merge-messages.ts';

/** Keys of the chat feature's own calls; conversations and messages use the shared `convoKeys`. */
export const chatKeys = {
  all: ['chat'] as const,
  searchEnabled: () => [...chatKeys.all, 'search-enabled'] as const,
  tags: () => [...chatKeys.all, 'tags'] as const,
  shareLink: (conversationId: string) => [...chatKeys.all, 'share-link', conversationId] as const,
};

export type ConvoPage = RouteResponse<'listConvos'>;
interface MessagePage {
  messages: Message[];
  nextCursor: string | null;
}
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

/** One page of a conversation's messages; the server sends the branch on screen first (decision 0037). */
async function fetchMessagePage(conversationId: string, cursor: string | undefined, signal?: AbortSignal): Promise<MessagePage> {
  const page = await apiRequest('getMessages', { params: { conversationId }, query: { cursor, limit: MESSAGE_PAGE.maxCount }, signal });
  // Asked with a limit the answer is always a page; an unpaged answer would be the first and only one.
  return Array.isArray(page) ? { messages: page, nextCursor: null } : page;
}

/**
 * A conversation's messages as the one list the message tree reads, loaded page by page: the
 * conversation opens on the first page (the branch the member sees) while the rest arrive.
 */
export function messagesQuery(conversationId: string) {
  return queryOptions({
    queryKey: convoKeys.messages(conversationId),
    queryFn: ({ client, queryKey, signal }) =>
      loadPages<MessagePage, Message[]>({ client, queryKey }, (cursor) => fetchMessagePage(conversationId, cursor, signal), (messages, page) => mergeMessages(messages, page.messages)),
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
