import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link, useLocation } from 'react-router-dom';
import { feedQuery } from '@/lib/mentor-feed-query.ts';
import { local } from '@/lib/storage.ts';
import { useMediaQuery } from '@/lib/use-media-query.ts';

// From 1536 px: narrower, its 290 px would push the pages beside it (fragments, wins, log) into their phone layouts.
const PANEL_QUERY = '(min-width: 1536px)';
const STORAGE_KEY = 'feedPanelOpen';
const PREVIEW_CARDS = 3;

/**
 * The right-hand panel (spec 002 section 2): a preview of the mentor feed, unread cards first, on
 * every page but the chats. Wide screens only; the member may fold it to a slim column.
 */
export function FeedPanel() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const wide = useMediaQuery(PANEL_QUERY);
  const [open, setOpen] = useState(() => local.get(STORAGE_KEY) !== 'false');
  const shown = wide && !pathname.includes('/chats');
  const feed = useQuery({ ...feedQuery(), enabled: shown });
  const { refetch } = feed;
  // The panel outlives the pages: what the member just saved on one may make or settle a card.
  useEffect(() => {
    if (shown) void refetch({ cancelRefetch: false });
  }, [pathname, shown, refetch]);
  if (!shown) return null;

  const toggle = () => {
    local.set(STORAGE_KEY, String(!open));
    setOpen(!open);
  };
  const unread = feed.data?.unread ?? 0;
  const cards = [...(feed.data?.cards ?? [])].sort((a, b) => Number(a.isRead) - Number(b.isRead)).slice(0, PREVIEW_CARDS);

  if (!open)
    return (
      <aside aria-label={t('mentorFeed.panel.label')} className="sticky top-0 flex h-dvh w-12 shrink-0 flex-col items-center border-l border-line pt-4">
        <button type="button" onClick={toggle} aria-expanded={false} aria-label={t('mentorFeed.panel.expand')} className="relative grid size-9 place-items-center rounded-xl text-ink-soft hover:bg-sunken hover:text-ink">
          <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" aria-hidden="true">
            <path d="M4 6h16M4 12h16M4 18h10" />
          </svg>
          {unread > 0 ? <span className="absolute -top-1 -right-1 grid min-w-4 place-items-center rounded-full bg-accent px-1 text-[0.65rem] font-semibold text-accent-contrast">{unread}</span> : null}
        </button>
      </aside>
    );

  return (
    <aside aria-label={t('mentorFeed.panel.label')} className="sticky top-0 flex h-dvh w-72 shrink-0 flex-col gap-3 overflow-y-auto border-l border-line bg-surface/50 px-4 pt-4 pb-6">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-serif text-lg font-semibold text-ink">{t('mentorFeed.panel.title')}</h2>
        <button type="button" onClick={toggle} aria-expanded aria-label={t('mentorFeed.panel.collapse')} className="grid size-8 place-items-center rounded-lg text-ink-soft hover:bg-sunken hover:text-ink">
          <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
            <path d="m9 6 6 6-6 6" />
          </svg>
        </button>
      </div>
      {feed.isSuccess && cards.length === 0 ? <p className="text-sm text-ink-soft">{t('mentorFeed.panel.empty')}</p> : null}
      <ul className="flex flex-col gap-2.5">
        {cards.map((card) => (
          <li key={card.id} className="rounded-xl border border-line bg-surface p-3 shadow-soft">
            <p className="text-xs text-ink-faint">
              {t(`mentorFeed.types.${card.type}`)}
              {card.isRead ? null : <span className="ml-2 font-medium text-accent">{t('mentorFeed.card.unreadBadge')}</span>}
            </p>
            <p className="mt-1 font-medium leading-snug text-ink">{card.title}</p>
            <Link to={card.primaryAction.href} className="mt-2 inline-block text-sm font-medium text-accent underline-offset-4 hover:underline">
              {card.primaryAction.label}
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/mentor/feed" className="text-sm font-medium text-ink-soft underline-offset-4 hover:text-ink hover:underline">
        {t('mentorFeed.panel.openFeed')}
      </Link>
    </aside>
  );
}
