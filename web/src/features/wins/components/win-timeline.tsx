import type { WinTile } from '@meld/shared';
import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { formatWinDay } from '../lib/format.ts';
import { groupByDay } from '../lib/wins-filter.ts';
import { WinEmoji } from './win-emoji.tsx';
import { PinMark } from './win-tile.tsx';

interface WinTimelineProps {
  wins: readonly WinTile[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** The timeline view: cards under their day, newest first, on a quiet vertical rule. */
export function WinTimeline({ wins, selectedId, onSelect }: WinTimelineProps) {
  const { t, i18n } = useTranslation();
  return (
    <ol aria-label={t('wins.panels.list')} className="relative space-y-6 border-l border-line pl-5">
      {groupByDay(wins).map((day) => (
        <li key={day.date}>
          <span className="absolute -left-[5px] mt-1.5 size-2.5 rounded-full border-2 border-canvas bg-accent" aria-hidden="true" />
          <h3 className="font-sans text-xs font-semibold tracking-wide text-ink-faint uppercase">
            <time dateTime={day.date}>{formatWinDay(day.date, i18n.language, 'long')}</time>
          </h3>
          <ul className="mt-2 space-y-2">
            {day.wins.map((win) => (
              <li key={win.id} id={`win-${win.id}`}>
                <button
                  type="button"
                  onClick={() => onSelect(win.id)}
                  aria-pressed={win.id === selectedId}
                  className={clsx(
                    'flex w-full items-start gap-3 rounded-2xl border bg-surface p-4 text-left shadow-soft transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
                    win.id === selectedId ? 'border-accent ring-2 ring-accent/25' : 'border-line hover:border-line-strong',
                  )}
                >
                  <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent-soft text-lg" aria-hidden="true">
                    <WinEmoji emoji={win.emoji} iconClassName="size-5" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2">
                      <span className="line-clamp-2 font-serif font-semibold text-ink">{win.title || t('wins.tile.untitled')}</span>
                      {win.isPinned ? (
                        <span className="shrink-0 text-accent">
                          <PinMark className="size-3.5" />
                          <span className="sr-only">{t('wins.tile.pinned')}</span>
                        </span>
                      ) : null}
                    </span>
                    {win.description ? <span className="mt-1 line-clamp-2 block text-sm text-ink-soft">{win.description}</span> : null}
                    {win.tags.length > 0 ? (
                      <span className="mt-2 flex flex-wrap gap-1.5">
                        {win.tags.map((tag) => (
                          <span key={tag} className="rounded-full bg-sunken px-2 py-0.5 text-xs font-medium text-ink-soft">
                            {tag}
                          </span>
                        ))}
                      </span>
                    ) : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
