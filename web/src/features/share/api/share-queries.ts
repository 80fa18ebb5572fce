import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** Keys of the public share page's caches. */
export const shareKeys = {
  all: ['share'] as const,
  conversation: (shareId: string) => [...shareKeys.all, 'conversation', shareId] as const,
};

/** A shared conversation by its share id: public, so it works signed out. */
export function sharedConversationQuery(shareId: string) {
  return queryOptions({
    queryKey: shareKeys.conversation(shareId),
    queryFn: ({ signal }) => apiRequest('getShare', { params: { id: shareId }, signal }),
    staleTime: 5 * 60_000,
    // The page itself says when a link is missing or failed to load.
    meta: { toastOnError: false },
  });
}
