import type { RouteResponse } from '@meld/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { loadPages } from '@/lib/load-pages.ts';
import { mergeMessages } from '@/lib/merge-messages.ts';

/** Keys of the public share page's caches. */
export const shareKeys = {
  all: ['share'] as const,
  conversation: (shareId: string) => [...shareKeys.all, 'conversation', shareId] as const,
};

export type SharedConversation = RouteResponse<'getShare'>;

/**
 * A shared conversation by its share id: public, so it works signed out. A long one comes in
 * pages (decision 0037): the page shows the first while the rest merge in.
 */
export function sharedConversationQuery(shareId: string) {
  return queryOptions({
    queryKey: shareKeys.conversation(shareId),
    queryFn: ({ client, queryKey, signal }) =>
      loadPages<SharedConversation, SharedConversation>(
        { client, queryKey },
        (cursor) => apiRequest('getShare', { params: { id: shareId }, query: { cursor }, signal }),
        (shared, page) => ({ ...page, messages: mergeMessages(shared?.messages, page.messages) }),
      ),
    staleTime: 5 * 60_000,
    // The page itself says when a link is missing or failed to load.
    meta: { toastOnError: false },
  });
}
