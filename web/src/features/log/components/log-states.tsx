import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button.tsx';

export function LogSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('loading')} className="space-y-4">
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="h-32 animate-pulse rounded-2xl border border-line bg-surface p-5">
          <div className="flex gap-3">
            <div className="size-9 rounded-xl bg-sunken" />
            <div className="h-4 w-1/3 rounded bg-sunken" />
          </div>
          <div className="mt-4 h-4 w-3/4 rounded bg-sunken" />
        </div>
      ))}
    </div>
  );
}

export function LogError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-2xl border border-danger-line bg-danger-soft px-6 py-8 text-center">
      <p className="font-medium text-danger">{t('log.states.error')}</p>
      <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
        {t('log.states.retry')}
      </Button>
    </div>
  );
}

export function LogEmpty({ month }: { month: string }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-3xl border border-line bg-surface px-6 py-12 text-center shadow-soft">
      <h2 className="font-serif text-2xl font-semibold text-ink">{t('log.states.emptyTitle', { month })}</h2>
      <p className="mx-auto mt-2 max-w-sm text-ink-soft">{t('log.states.emptyBody')}</p>
      <Link to="/today" className={buttonClasses('primary', 'md', 'mt-6')}>
        {t('log.states.goToday')}
      </Link>
    </div>
  );
}

export function LogNoMatch({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-2xl border border-dashed border-line-strong px-6 py-10 text-center">
      <p className="text-ink-soft">{t('log.states.noMatch')}</p>
      <Button variant="quiet" size="sm" className="mt-2" onClick={onClear}>
        {t('log.filters.clear')}
      </Button>
    </div>
  );
}
