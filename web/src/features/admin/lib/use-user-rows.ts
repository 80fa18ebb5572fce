import type { AdminUser } from '@meld/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect } from 'react';

/** Spec 002 section 9: 10 rows of overscan, the next page once the end is within 1.5 screens. */
const OVERSCAN = 10;
const LOAD_AHEAD_SCREENS = 1.5;

export interface UserPaging {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => unknown;
}

/**
 * The rows of the users list in view (plus overscan) and the space above and below them, for the
 * table and the phone's cards alike; asks for the next page as the end of the list comes near.
 */
export function useUserRows(users: readonly AdminUser[], rowPx: number, scrollElement: () => HTMLElement | null, paging: UserPaging) {
  // The virtualiser is read afresh on every render and none of its functions is memoised here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: users.length,
    getScrollElement: scrollElement,
    estimateSize: () => rowPx,
    overscan: OVERSCAN,
    getItemKey: (index) => users[index]?._id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const totalSize = virtualizer.getTotalSize();
  const lastEnd = items.at(-1)?.end ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = paging;

  // Re-checked whenever the rendered range moves (the virtualiser re-renders on scroll).
  useEffect(() => {
    if (!hasNextPage || isFetchingNextPage) return;
    const viewport = scrollElement()?.clientHeight ?? 0;
    // Not cancelling a refetch in flight (after a role change): the next page would join stale ones.
    if (totalSize - lastEnd <= viewport * LOAD_AHEAD_SCREENS) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, totalSize, lastEnd, scrollElement]);

  return {
    rows: items.map((item) => ({ key: item.key, index: item.index, user: users[item.index]! })),
    paddingTop: items[0]?.start ?? 0,
    paddingBottom: totalSize - lastEnd,
  };
}
