import { FEED_TABS, type FeedCard as Card, type FeedTab } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { feedQuery } from '@/lib/mentor-feed-query.ts';
import { preloadWhenSignedIn, revalidateOnSearch } from '@/lib/route-data-preload.ts';
import { useCardAction, useMarkFeedSeen, type CardAction } from '../api/feed-queries.ts';
import { BulkBar } from '../components/bulk-bar.tsx';
import { FeedCard } from '../components/feed-card.tsx';
import { FeedTabs } from '../components/feed-tabs.tsx';
import { emptySelection, keepVisible, selectRange, toggle, type Selection } from '../lib/selection.ts';

const TAB_TYPE: Record<FeedTab, Card['type'] | null> = { all: null, insights: 'insight', nudges: 'nudge', journal: 'journal-prompt', tasks: 'task-nudge' };

const typing = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) && (target as HTMLInputElement).type !== 'checkbox');

/** Asks for the cards as the session is restored (route-data-preload.ts). */
export function loader(): null {
  return preloadWhenSignedIn((queryClient) => void queryClient.prefetchQuery(feedQuery()));
}

/** Nothing in the address changes what the loader asks for: it runs once per visit. */
export const shouldRevalidate = revalidateOnSearch();

/** /mentor/feed (spec 002): the member's cards, tabs on keys 0-4, keyboard focus and selection, bulk actions. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const feed = useQuery(feedQuery());
  const act = useCardAction();
  useMarkFeedSeen(feed.data?.unseen ?? 0);
  const [tab, setTab] = useState<FeedTab>('all');
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const listRef = useRef<HTMLUListElement>(null);
  const nudge = params.get('nudge');
  const highlightId = useMemo(() => feed.data?.cards.find((card) => card.trigger === nudge)?.id ?? null, [feed.data, nudge]);

  const cards = useMemo(() => (feed.data?.cards ?? []).filter((card) => TAB_TYPE[tab] === null || card.type === TAB_TYPE[tab]), [feed.data, tab]);
  const order = useMemo(() => cards.map((card) => card.id), [cards]);
  const current = selection.ids.size > 0 ? keepVisible(selection, order) : selection;
  // Until the member moves, the deep link's card holds the focus.
  const wanted = focusedId ?? highlightId;
  const focused = wanted !== null && order.includes(wanted) ? wanted : null;

  // The deep link (?nudge=recharge) lands on its card once the feed is in.
  useEffect(() => {
    if (!highlightId) return;
    const element = document.getElementById(`feed-card-${highlightId}`);
    element?.scrollIntoView?.({ block: 'center' });
    element?.focus();
  }, [highlightId]);

  const run = (request: CardAction) => act.mutate(request, { onSuccess: () => setSelection(emptySelection) });
  const openPrimary = (card: Card) => {
    if (!card.isRead) act.mutate({ ids: [card.id], action: 'read', quiet: true });
  };

  const moveFocus = (delta: number) => {
    if (order.length === 0) return;
    const index = focused ? order.indexOf(focused) : -1;
    const next = order[Math.min(order.length - 1, Math.max(0, index + delta))]!;
    setFocusedId(next);
    listRef.current?.querySelector<HTMLElement>(`[data-card-id="${CSS.escape(next)}"]`)?.focus();
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey || typing(event.target)) return;
      const tabKey = FEED_TABS[Number(event.key)];
      if (/^\d$/.test(event.key) && tabKey) return (event.preventDefault(), setTab(tabKey));
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') return (event.preventDefault(), moveFocus(event.key === 'ArrowDown' ? 1 : -1));
      if (event.key === 'Escape') return setSelection(emptySelection);
      if (!focused || (event.target instanceof HTMLElement && event.target.closest('a,button') && event.target.dataset.cardId === undefined)) return;
      if (event.key === ' ') {
        event.preventDefault();
        setSelection((previous) => (event.shiftKey ? selectRange(previous, order, focused) : toggle(previous, focused)));
      } else if (event.key === 'Enter') {
        const card = cards.find((entry) => entry.id === focused);
        if (!card) return;
        event.preventDefault();
        openPrimary(card);
        void navigate(card.primaryAction.href);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  let body;
  if (feed.isPending) body = <div aria-busy="true" className="flex flex-col gap-4">{[0, 1, 2].map((index) => <div key={index} className="h-40 animate-pulse rounded-2xl bg-sunken" />)}</div>;
  else if (feed.isError)
    body = (
      <div role="alert" className="rounded-2xl border border-danger-line bg-danger-soft p-6 text-ink">
        <p className="font-medium">{t('mentorFeed.error.title')}</p>
        <Button className="mt-3" variant="secondary" size="sm" onClick={() => void feed.refetch()}>
          {t('mentorFeed.error.retry')}
        </Button>
      </div>
    );
  else if (cards.length === 0)
    body = (
      <div className="rounded-2xl border border-dashed border-line-strong bg-surface px-6 py-12 text-center">
        <h2 className="font-serif text-2xl font-semibold text-ink">{t('mentorFeed.empty.title')}</h2>
        <p className="mx-auto mt-2 max-w-md text-ink-soft">{feed.data.cards.length === 0 ? t('mentorFeed.empty.body') : t('mentorFeed.empty.tabBody')}</p>
        {feed.data.cards.length === 0 ? (
          <Link to="/today" className={buttonClasses('secondary', 'md', 'mt-5')}>
            {t('mentorFeed.empty.action')}
          </Link>
        ) : null}
      </div>
    );
  else
    body = (
      <ul ref={listRef} role="listbox" aria-multiselectable="true" aria-label={t(`mentorFeed.tabs.${tab}`)} className="flex flex-col gap-4">
        {cards.map((card) => (
          <FeedCard
            key={card.id}
            card={card}
            focused={focused === card.id}
            selected={current.ids.has(card.id)}
            highlighted={highlightId === card.id}
            busy={act.isPending}
            onFocus={() => setFocusedId(card.id)}
            onSelect={(range) => setSelection((previous) => (range ? selectRange(previous, order, card.id) : toggle(previous, card.id)))}
            onPrimary={() => openPrimary(card)}
            onAction={(action) => run({ ids: [card.id], action })}
            onSnooze={(days) => run({ ids: [card.id], action: 'snooze', days })}
          />
        ))}
      </ul>
    );

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 pt-4 pb-24 sm:px-6">
      <header>
        <h1 className="font-serif text-3xl font-semibold text-ink">{t('mentorFeed.title')}</h1>
        <p className="mt-1 text-ink-soft">
          {t('mentorFeed.subtitle')}
          {feed.data && feed.data.unread > 0 ? <span className="ml-2 font-medium text-accent">{t('mentorFeed.unread', { count: feed.data.unread })}</span> : null}
        </p>
      </header>
      <FeedTabs tab={tab} counts={feed.data?.counts ?? { all: 0, insights: 0, nudges: 0, journal: 0, tasks: 0 }} onChange={setTab} />
      <p className="hidden text-xs text-ink-faint md:block">{t('mentorFeed.shortcuts')}</p>
      {current.ids.size > 1 ? <BulkBar count={current.ids.size} busy={act.isPending} onAction={(action) => run({ ids: [...current.ids], action })} onClear={() => setSelection(emptySelection)} /> : null}
      {body}
    </div>
  );
}
