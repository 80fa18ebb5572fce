import { useTranslation } from '@/lib/use-translation.ts';

const TARGETS = [
  { key: 'values', id: 'chapter-values' },
  { key: 'momentum', id: 'chapter-momentum' },
  { key: 'goals', id: 'goals' },
] as const;

/**
 * The floating Jump-to nav (Values, Momentum, Goals), shown once the hero has left the view: at the
 * bottom on wider screens, under the top bar on phones (the quick-add button owns their bottom edge).
 */
export function JumpNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('northStar.jump.label')} className="fixed top-[4.5rem] left-1/2 z-30 sm:top-auto sm:bottom-5 flex -translate-x-1/2 animate-fade-in items-center gap-1 rounded-full border border-line bg-surface/95 p-1.5 shadow-lift backdrop-blur">
      <span className="hidden px-2 text-xs font-semibold tracking-wide text-ink-faint uppercase sm:inline">{t('northStar.jump.label')}</span>
      {TARGETS.map((target) => (
        <button
          key={target.key}
          type="button"
          onClick={() => document.getElementById(target.id)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' })}
          className="rounded-full px-3.5 py-1.5 text-sm font-medium text-ink-soft transition-colors hover:bg-sunken hover:text-ink focus-visible:outline-2 focus-visible:outline-focus"
        >
          {t(`northStar.jump.${target.key}`)}
        </button>
      ))}
    </nav>
  );
}
