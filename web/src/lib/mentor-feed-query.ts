import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** The mentor feed's cache, shared by the feed page and the shell's preview panel so an action on one shows on both. */
export const feedKeys = {
  all: ['mentor-feed'] as const,
  feed: () => [...feedKeys.all, 'feed'] as const,
};

export function feedQuery() {
  return queryOptions({
    queryKey: feedKeys.feed(),
    queryFn: ({ signal }) => apiRequest('getMentorFeed', { signal }),
    // Cards follow the member's entries in every other screen, so a mount always asks again.
    staleTime: 0,
    // The page and the panel show their own states.
    meta: { toastOnError: false },
  });
}
