import type { WinTile } from '@meld/shared';
import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { formatWinDay } from '../lib/format.ts';
import { WinEmoji } from './win-emoji.tsx';

export const PIN_PATH = 'M7 2.5h6l-1 5 3 3H5l3-3-1-5zM10 10.5v7';

export function PinMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={clsx('size-4', className)} fill="currentColor" stroke="currentColor" strokeWidth="1.2" strokeLinejoin="round" aria-hidden="true">
      <path d={PIN_PATH} />
    </svg>
  );
}

interface WinTileCardProps {
  win: WinTile;
  selected: boolean;
  onSelect: () => void;
}

/** A gallery tile of about 186x160 (spec 002 section 9): emoji, title, first tag, date and the pin. */
export function WinTileCard({ win, selected, onSelect }: WinTileCardProps) {
  const { t, i18n } = useTranslation();
  const firstTag = win.tags[0];
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      className={clsx(
        'group relative flex h-40 w-full flex-col rounded-2xl border bg-surface p-4 text-left shadow-soft transition duration-150',
        'hover:-translate-y-0.5 hover:shadow-lift focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
        selected ? 'border-accent ring-2 ring-accent/25' : 'border-line hover:border-line-strong',
      )}
    >
      <span className="flex items-start justify-between">
        <span className="grid size-10 place-items-center rounded-xl bg-accent-soft text-xl" aria-hidden="true">
          <WinEmoji emoji={win.emoji} iconClassName="size-6" />
        </span>
        {win.isPinned ? (
          <span className="text-accent" title={t('wins.tile.pinned')}>
            <PinMark />
            <span className="sr-only">{t('wins.tile.pinned')}</span>
          </span>
        ) : null}
      </span>
      <span className="mt-3 line-clamp-2 font-serif text-[1.05rem] leading-snug font-semibold text-ink">{win.title || t('wins.tile.untitled')}</span>
      <span className="mt-auto flex items-center justify-between gap-2 pt-2 text-xs text-ink-faint">
        {firstTag ? <span className="truncate rounded-full bg-sunken px-2 py-0.5 font-medium text-ink-soft">{firstTag}</span> : <span />}
        <time dateTime={win.date} className="shrink-0">
          {formatWinDay(win.date, i18n.language)}
        </time>
      </span>
    </button>
  );
}
