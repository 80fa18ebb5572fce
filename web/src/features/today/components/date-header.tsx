import { useTranslation } from '@/lib/use-translation.ts';

interface DateHeaderProps {
  day: string;
  isToday: boolean;
  canGoForward: boolean;
  label: string;
  /** A shorter form of the label for phones, where the long date would wrap. */
  shortLabel: string;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
}

const arrow = (d: string) => (
  <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d={d} />
  </svg>
);

const navButton =
  'grid size-9 place-items-center rounded-full border border-line bg-surface text-ink-soft transition-colors hover:border-line-strong hover:text-ink disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-line';

/** Previous day, the day's label ("Today" or a long date), next day and go-to-today. */
export function DateHeader({ day, isToday, canGoForward, label, shortLabel, onPrevious, onNext, onToday }: DateHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 items-center gap-1.5 sm:gap-2">
      <button type="button" className={navButton} onClick={onPrevious} aria-label={t('today.previousDay')}>
        {arrow('m12 5-5 5 5 5')}
      </button>
      <time dateTime={day} className="min-w-0 px-1 text-sm font-medium tracking-wide whitespace-nowrap text-ink-soft uppercase" aria-live="polite">
        <span className="sm:hidden" aria-hidden="true">
          {shortLabel}
        </span>
        <span className="max-sm:sr-only">{label}</span>
      </time>
      <button type="button" className={navButton} onClick={onNext} disabled={!canGoForward} aria-label={t('today.nextDay')}>
        {arrow('m8 5 5 5-5 5')}
      </button>
      {isToday ? null : (
        <button
          type="button"
          onClick={onToday}
          aria-label={t('today.goToToday')}
          className="rounded-full border border-line bg-surface px-3 py-1.5 text-sm font-medium whitespace-nowrap text-accent transition-colors hover:border-accent sm:ml-1"
        >
          {/* Phones have no room for the long form next to the plus menu and the avatar. */}
          <span className="sm:hidden">{t('today.title')}</span>
          <span className="max-sm:hidden">{t('today.goToToday')}</span>
        </button>
      )}
    </div>
  );
}
