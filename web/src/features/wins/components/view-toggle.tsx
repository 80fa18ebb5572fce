import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';

export type WinsView = 'gallery' | 'timeline';

/** Gallery or timeline, as a two-button segmented control (Shift+Space switches too). */
export function ViewToggle({ view, onChange }: { view: WinsView; onChange: (view: WinsView) => void }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('wins.view.label')} title={t('wins.view.shortcut')} className="inline-flex shrink-0 rounded-xl border border-line bg-sunken/60 p-1">
      {(['gallery', 'timeline'] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={view === option}
          onClick={() => onChange(option)}
          className={clsx(
            'h-9 rounded-lg px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-focus',
            view === option ? 'bg-surface text-ink shadow-soft' : 'text-ink-soft hover:text-ink',
          )}
        >
          {t(`wins.view.${option}`)}
        </button>
      ))}
    </div>
  );
}
