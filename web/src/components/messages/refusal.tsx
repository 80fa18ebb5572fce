import { useTranslation } from '@/lib/use-translation.ts';

/**
 * A reply the model or the provider's filters declined (decision 0035): the model's own words when
 * it gave any, and the provider's reason, marked apart from an answer and from a failure.
 */
export function Refusal({ text, reason }: { text: string; reason: string }) {
  const { t } = useTranslation();
  return (
    <div role="note" aria-label={t('messages.refusal.label')} className="my-3 rounded-xl border border-line bg-warning-soft px-4 py-3 text-sm first:mt-0">
      <p className="whitespace-pre-wrap text-ink">{text.trim() ? t('messages.refusal.declined', { text: text.trim() }) : t('messages.refusal.declinedSilently')}</p>
      {reason ? <p className="mt-1 text-warning">{t('messages.refusal.reason', { reason })}</p> : null}
    </div>
  );
}
