import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';

/** Shown while fragments are selected: how many, Weave (Cmd/Ctrl+E) and Clear. */
export function SelectionBar({ count, onWeave, onClear }: { count: number; onWeave: () => void; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="region" aria-label={t('fragments.selection.count', { count })} className="sticky top-18 z-10 mb-3 flex items-center gap-2 rounded-2xl border border-accent/40 bg-surface/95 px-4 py-2 shadow-soft backdrop-blur">
      <p className="text-sm font-medium text-ink" aria-live="polite">
        {t('fragments.selection.count', { count })}
      </p>
      <Button variant="ghost" size="sm" className="ml-auto" onClick={onClear}>
        {t('fragments.selection.clear')}
      </Button>
      <Button size="sm" onClick={onWeave} aria-keyshortcuts="Control+E Meta+E">
        {t('fragments.selection.weave')}
        <kbd className="hidden rounded bg-accent-strong/40 px-1 text-[0.7rem] font-normal sm:inline">{t('fragments.shortcuts.weave')}</kbd>
      </Button>
    </div>
  );
}
