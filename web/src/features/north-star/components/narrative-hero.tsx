import type { NarrativeVersion } from '@meld/shared';
import { forwardRef } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { formatDay } from '../lib/format.ts';
import { isApplePlatform } from '../lib/use-history-shortcut.ts';

interface NarrativeHeroProps {
  narrative: NarrativeVersion;
  /** An older version from the history: no regenerating from it. */
  readOnly: boolean;
  regenerating: boolean;
  onShare: () => void;
  onHistory: () => void;
  onRegenerate: () => void;
}

/** The headline, its dominant value and the page's actions. */
export const NarrativeHero = forwardRef<HTMLElement, NarrativeHeroProps>(function NarrativeHero({ narrative, readOnly, regenerating, onShare, onHistory, onRegenerate }, ref) {
  const { t, i18n } = useTranslation();
  const shortcut = isApplePlatform() ? t('northStar.actions.historyShortcutMac') : t('northStar.actions.historyShortcutOther');
  return (
    <header ref={ref} className="relative overflow-hidden rounded-3xl border border-line bg-surface px-6 py-8 shadow-soft sm:px-10 sm:py-10">
      <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-accent-soft opacity-70 blur-2xl" />
      <div className="relative">
        <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">{t('northStar.eyebrow')}</p>
        <h2 className="mt-3 max-w-3xl font-serif text-3xl leading-tight font-semibold text-ink sm:text-[2.6rem]">{narrative.headline}</h2>
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink-soft">
          <span className="rounded-full bg-accent-soft px-3 py-1 font-medium text-accent-strong">
            {t('northStar.dominantValue', { value: t(`northStar.values.${narrative.dominantValue}`) })}
          </span>
          <span>{t('northStar.writtenOn', { date: formatDay(narrative.createdAt, i18n.language) })}</span>
        </div>
        <div className="mt-7 flex flex-wrap gap-2">
          <Link to="/today?reflect=evening" className={buttonClasses('primary', 'md')}>
            {t('northStar.actions.startReflection')}
          </Link>
          <Button variant="secondary" onClick={onShare}>
            {t('northStar.actions.shareHeadline')}
          </Button>
          <Button variant="secondary" onClick={onHistory} aria-keyshortcuts="Control+Shift+H Meta+Shift+H">
            {t('northStar.actions.history')}
            <kbd className="hidden rounded border border-line px-1.5 text-xs text-ink-faint sm:inline">{shortcut}</kbd>
          </Button>
          {readOnly ? null : (
            <Button variant="ghost" onClick={onRegenerate} loading={regenerating} disabled={regenerating}>
              {t('northStar.actions.regenerate')}
            </Button>
          )}
        </div>
      </div>
    </header>
  );
});
