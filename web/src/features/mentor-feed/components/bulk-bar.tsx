import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';

/** Shown when more than one card is selected. */
export function BulkBar({ count, busy, onAction, onClear }: { count: number; busy: boolean; onAction: (action: 'read' | 'mute-trigger' | 'archive') => void; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="toolbar" aria-label={t('mentorFeed.bulk.selected', { count })} className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-2xl border border-line bg-surface/95 px-4 py-2.5 shadow-soft backdrop-blur">
      <span className="mr-auto text-sm font-medium text-ink">{t('mentorFeed.bulk.selected', { count })}</span>
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => onAction('read')}>
        {t('mentorFeed.bulk.markRead')}
      </Button>
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => onAction('mute-trigger')}>
        {t('mentorFeed.bulk.mute')}
      </Button>
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => onAction('archive')}>
        {t('mentorFeed.bulk.archive')}
      </Button>
      <Button variant="ghost" size="sm" onClick={onClear}>
        {t('mentorFeed.bulk.clear')}
      </Button>
    </div>
  );
}
