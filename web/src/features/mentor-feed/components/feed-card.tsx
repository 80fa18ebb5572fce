import type { FeedCard as Card } from '@meld/shared';
import clsx from 'clsx';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { dateFormat } from '@/lib/date-format.ts';

const TYPE_TONE: Record<Card['type'], string> = {
  insight: 'bg-sage-soft text-ink',
  nudge: 'bg-accent-soft text-accent-strong',
  'journal-prompt': 'bg-warning-soft text-ink',
  'task-nudge': 'bg-sunken text-ink-soft',
};

interface FeedCardProps {
  card: Card;
  focused: boolean;
  selected: boolean;
  highlighted: boolean;
  busy: boolean;
  onFocus: () => void;
  onSelect: (range: boolean) => void;
  onPrimary: () => void;
  onAction: (action: 'read' | 'archive' | 'mute-trigger') => void;
  onSnooze: (days: 1 | 7) => void;
}

/** One card of the full feed: what was noticed, where it comes from, and what to do about it. */
export function FeedCard({ card, focused, selected, highlighted, busy, onFocus, onSelect, onPrimary, onAction, onSnooze }: FeedCardProps) {
  const { t } = useTranslation();
  const [details, setDetails] = useState(false);
  const [snoozing, setSnoozing] = useState(false);
  const select = (event: MouseEvent) => {
    event.stopPropagation();
    onSelect(event.shiftKey);
  };
  return (
    <li
      id={`feed-card-${card.id}`}
      data-card-id={card.id}
      data-focused={focused || undefined}
      data-highlighted={highlighted || undefined}
      aria-selected={selected}
      role="option"
      tabIndex={focused ? 0 : -1}
      onFocus={onFocus}
      className={clsx(
        'group relative rounded-2xl border bg-surface p-5 shadow-soft transition-colors outline-none',
        selected ? 'border-accent bg-accent-soft/40' : 'border-line',
        focused && 'ring-2 ring-focus ring-offset-2 ring-offset-canvas',
        highlighted && 'border-accent',
      )}
    >
      <div className="flex items-start gap-4">
        <input type="checkbox" className="mt-1.5 size-4 accent-[var(--color-accent)]" checked={selected} onChange={() => undefined} onClick={select} aria-label={t('mentorFeed.card.select', { title: card.title })} tabIndex={-1} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <span className={clsx('rounded-full px-2.5 py-0.5 font-medium', TYPE_TONE[card.type])}>{t(`mentorFeed.types.${card.type}`)}</span>
            {card.isRead ? null : <span className="rounded-full bg-accent px-2 py-0.5 font-medium text-accent-contrast">{t('mentorFeed.card.unreadBadge')}</span>}
            <time className="text-ink-faint" dateTime={card.timestamp}>
              {dateFormat(undefined, { month: 'short', day: 'numeric' }).format(new Date(card.timestamp))}
            </time>
          </div>
          <h2 className={clsx('mt-2 font-serif text-xl leading-snug text-ink', card.isRead ? 'font-medium' : 'font-semibold')}>{card.title}</h2>
          <p className="mt-1.5 text-[0.95rem] leading-relaxed text-ink-soft">{card.content}</p>
          <p className="mt-3 text-sm text-ink-faint">
            {t('mentorFeed.card.source', { source: card.source })}{' '}
            <button type="button" className="text-accent underline-offset-4 hover:underline" aria-expanded={details} onClick={() => setDetails(!details)}>
              {details ? t('mentorFeed.card.hideDetails') : t('mentorFeed.card.showDetails')}
            </button>
          </p>
          {details ? <p className="mt-1 rounded-lg bg-sunken px-3 py-2 text-sm text-ink-soft">{card.sourceDetails}</p> : null}
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <Link to={card.primaryAction.href} className={buttonClasses('primary', 'sm')} onClick={onPrimary}>
              {card.primaryAction.label}
            </Link>
            {card.secondaryAction ? (
              <Link to={card.secondaryAction.href} className={buttonClasses('secondary', 'sm')}>
                {card.secondaryAction.label}
              </Link>
            ) : null}
            <span className="ml-auto flex flex-wrap items-center gap-1">
              {card.isRead ? null : (
                <Button variant="ghost" size="sm" disabled={busy} onClick={() => onAction('read')}>
                  {t('mentorFeed.card.markRead')}
                </Button>
              )}
              {card.canSnooze ? (
                snoozing ? (
                  <span role="group" aria-label={t('mentorFeed.card.snooze')} className="flex gap-1">
                    {([1, 7] as const).map((days) => (
                      <Button key={days} variant="secondary" size="sm" disabled={busy} onClick={() => (setSnoozing(false), onSnooze(days))}>
                        {t(days === 1 ? 'mentorFeed.card.snoozeOne' : 'mentorFeed.card.snoozeSeven')}
                      </Button>
                    ))}
                  </span>
                ) : (
                  <Button variant="ghost" size="sm" aria-expanded={false} onClick={() => setSnoozing(true)}>
                    {t('mentorFeed.card.snooze')}
                  </Button>
                )
              ) : null}
              {card.canMute ? (
                <Button variant="ghost" size="sm" disabled={busy} onClick={() => onAction('mute-trigger')}>
                  {t('mentorFeed.card.mute')}
                </Button>
              ) : null}
              <Button variant="ghost" size="sm" disabled={busy} onClick={() => onAction('archive')}>
                {t('mentorFeed.card.archive')}
              </Button>
            </span>
          </div>
        </div>
      </div>
    </li>
  );
}
