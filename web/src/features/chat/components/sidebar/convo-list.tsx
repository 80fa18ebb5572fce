import { MOBILE_BREAKPOINT_PX } from '@meld/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useMatch } from 'react-router-dom';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { ConvoListFilters } from '@/lib/convo-keys.ts';
import { useSecondaryListsHeld } from '@/lib/main-content-first.ts';
import { useMediaQuery } from '@/lib/use-media-query.ts';
import { useNow } from '@/lib/use-now.ts';
import { convoListQuery } from '../../api/chat-queries.ts';
import { historyRows, nearEnd } from '../../lib/history-rows.ts';
import { useReplyingConversations } from '../../lib/replying.ts';
import { ConvoRow } from './convo-row.tsx';
import { DateHeader, useDateGroupLabel } from './date-header.tsx';
import { initialListRect, observeListRect } from './list-size.ts';

/** Spec 000 section 9: 34 px rows, 44 px on small screens, 10 rows of overscan, load-more throttled at 750 ms. */
const ROW_PX = 34;
const ROW_PX_SMALL = 44;
const HEADER_EXTRA_PX = 14;
const OVERSCAN = 10;
const LOAD_MORE_THROTTLE_MS = 750;
const SMALL_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

interface ConvoListProps {
  filters: ConvoListFilters;
  onNavigate: () => void;
}

/**
 * The sidebar's conversation history: date sections, virtualised, loading more near the end. The
 * list's pages are shown through useDeferredValue, so the rows render in a transition, in slices
 * that yield to the browser; the first rows wait while a page's main content is being drawn
 * (main-content-first.ts), so they commit after it, not with it.
 */
export function ConvoList({ filters, onNavigate }: ConvoListProps) {
  const { t } = useTranslation();
  const now = useNow();
  const label = useDateGroupLabel();
  const small = useMediaQuery(SMALL_QUERY);
  const current = useMatch('/c/:conversationId')?.params.conversationId;
  const query = useInfiniteQuery(convoListQuery(filters));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  // One subscription for the whole list; each row gets a boolean.
  const replying = useReplyingConversations();
  const navigate = useStableCallback(onNavigate);

  // `null` first, not undefined (which React treats as no initial value): with the pages already
  // cached at mount (another filter's pages), the rows still render in the transition.
  const [everShown, setEverShown] = useState(false);
  const waiting = useSecondaryListsHeld(!everShown);
  const shown = useDeferredValue(waiting ? null : (query.data ?? null), null);
  if (shown && !everShown) setEverShown(true);
  const conversations = useMemo(() => shown?.pages.flatMap((page) => page.conversations) ?? [], [shown]);
  const rows = useMemo(() => historyRows(conversations, now), [conversations, now]);
  const rowPx = small ? ROW_PX_SMALL : ROW_PX;

  const scrollRef = useRef<HTMLDivElement>(null);
  // Until the list's own size is known its initial rect is the window's height, an upper bound:
  // the end would look in view on a page of history that does not reach it (issue 25 §7).
  const [measured, setMeasured] = useState(false);
  // The virtualiser is read afresh on every render and none of its functions is memoised here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.kind === 'header' ? rowPx + (index === 0 ? 0 : HEADER_EXTRA_PX) : rowPx),
    overscan: OVERSCAN,
    getItemKey: (index) => rows[index]?.key ?? index,
    // Measured after layout, not in the commit: a measurement in the commit re-renders the rows synchronously.
    initialRect: initialListRect(),
    observeElementRect: (instance, onRect) =>
      observeListRect(instance, (rect) => {
        setMeasured(true);
        onRect(rect);
      }),
  });
  // Row heights change with the breakpoint; cached sizes must follow.
  useEffect(() => virtualizer.measure(), [rowPx, virtualizer]);

  const items = virtualizer.getVirtualItems();
  // The virtualiser re-renders the list as it scrolls and knows its offset and size: nothing here
  // reads layout. Its range is the rows on screen; the items include the overscan around them.
  const endInView = measured && nearEnd(virtualizer.range?.endIndex ?? -1, rows.length, {
    top: virtualizer.scrollOffset ?? 0,
    height: virtualizer.getTotalSize(),
    viewport: virtualizer.scrollRect?.height ?? 0,
  });
  useLoadMore(endInView && hasNextPage && !isFetchingNextPage, fetchNextPage, conversations.length);

  if (query.isError && !conversations.length) {
    return (
      <div className="px-3 py-4 text-sm text-ink-soft">
        <p>{t('chat.history.loadError')}</p>
        <Button variant="quiet" size="sm" onClick={() => void query.refetch()}>
          {t('chat.retry')}
        </Button>
      </div>
    );
  }
  // A first page (or the pages of new filters) shows once its deferred rows have rendered.
  if (query.isPending || !shown) {
    return (
      <div className="grid flex-1 place-items-start justify-center pt-8 text-accent">
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (!conversations.length) {
    return <p className="px-3 py-2 text-sm leading-relaxed text-ink-faint">{filters.tags?.length ? t('chat.history.emptyFiltered') : t('chat.history.empty')}</p>;
  }

  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 pb-3">
      <ul className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index]!;
          return (
            <li key={item.key} className="absolute inset-x-0 top-0" style={{ height: item.size, transform: `translateY(${item.start}px)` }}>
              {row.kind === 'header' ? (
                <DateHeader label={label(row.group)} />
              ) : (
                <ConvoRow
                  conversation={row.conversation}
                  active={row.conversation.conversationId === current}
                  replying={replying.has(row.conversation.conversationId)}
                  t={t}
                  onNavigate={navigate}
                />
              )}
            </li>
          );
        })}
      </ul>
      {isFetchingNextPage ? (
        <div className="flex justify-center py-2 text-ink-faint">
          <Spinner label={t('chat.history.loadingMore')} />
        </div>
      ) : null}
    </div>
  );
}

/**
 * Asks for the next page while `wanted` holds, at most once per throttle window, and again as each
 * page lands (`loaded` grows). A list whose end stays in view through the window fires no further
 * scroll: it looks again once the window has passed.
 */
function useLoadMore(wanted: boolean, fetchNextPage: () => Promise<unknown>, loaded: number) {
  const lastLoad = useRef(0);
  const [throttleEnded, setThrottleEnded] = useState(0);
  useEffect(() => {
    if (!wanted) return;
    const wait = lastLoad.current + LOAD_MORE_THROTTLE_MS - Date.now();
    if (wait > 0) {
      const retry = setTimeout(() => setThrottleEnded((count) => count + 1), wait);
      return () => clearTimeout(retry);
    }
    lastLoad.current = Date.now();
    void fetchNextPage();
  }, [wanted, fetchNextPage, loaded, throttleEnded]);
}

/** A callback whose identity never changes and which calls the latest `callback`, for memoised children. */
function useStableCallback(callback: () => void): () => void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);
  return useCallback(() => latest.current(), []);
}
