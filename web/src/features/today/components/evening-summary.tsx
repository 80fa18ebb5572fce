import type { SummarySource } from '@meld/shared';
import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { SaveAsWin } from './save-as-win.tsx';

interface EveningSummaryProps {
  question: string | null;
  note: string;
  summary: string | null;
  /** Who wrote it: the coach model ("Written by AI"), or the template from the day's own record. */
  summarySource: SummarySource | null;
  /** This morning's check-in changed after it was written, so it may state what is no longer true. */
  summaryStale: boolean;
  generating: boolean;
  onRetrySummary?: () => void;
  onEdit?: () => void;
  /** Today only. */
  offerWin: boolean;
}

/** A saved evening: the question, the reflection and the daily summary (or its progress). */
export function EveningSummary({ question, note, summary, summarySource, summaryStale, generating, onRetrySummary, onEdit, offerWin }: EveningSummaryProps) {
  const { t } = useTranslation();
  return (
    <div>
      {question ? <p className="font-serif text-lg leading-snug text-ink-soft italic">{question}</p> : null}
      <p className="mt-3 leading-relaxed whitespace-pre-line text-ink">{note}</p>
      <div className="mt-6 rounded-xl border border-line bg-canvas/60 px-5 py-4">
        <h3 className="font-sans text-xs font-medium tracking-wider text-ink-faint uppercase">{t('today.evening.summaryTitle')}</h3>
        {generating ? (
          <p className="mt-2 flex items-center gap-2 text-ink-soft" role="status">
            <Spinner /> {t('today.evening.generating')}
          </p>
        ) : summary ? (
          <>
            {summaryStale ? (
              <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-sunken px-3 py-2 text-sm text-ink-soft" role="note">
                {t('today.evening.summaryStale')}
                {onRetrySummary ? (
                  <Button variant="quiet" size="sm" onClick={onRetrySummary}>
                    {t('today.evening.refreshSummary')}
                  </Button>
                ) : null}
              </p>
            ) : null}
            <p className={clsx('mt-2 leading-relaxed', summaryStale ? 'text-ink-faint' : 'text-ink')}>{summary}</p>
            {summarySource ? <p className="mt-2 text-xs text-ink-faint">{t(summarySource === 'model' ? 'today.evening.byModel' : 'today.evening.byTemplate')}</p> : null}
          </>
        ) : onRetrySummary ? (
          <Button variant="quiet" size="sm" className="mt-1" onClick={onRetrySummary}>
            {t('today.evening.retrySummary')}
          </Button>
        ) : (
          <p className="mt-2 text-ink-faint">{t('today.evening.noSummary')}</p>
        )}
      </div>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        {/* A win is saved as it happens: a past day's reflection is history, not something to file now. */}
        {offerWin ? <SaveAsWin reflection={note} /> : null}
        {onEdit ? (
          <Button variant="secondary" size="sm" onClick={onEdit}>
            {t('today.evening.edit')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
