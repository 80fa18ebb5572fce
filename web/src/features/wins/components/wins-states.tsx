import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { TargetIcon } from './win-emoji.tsx';

/** Placeholder tiles in the gallery's own grid while the vault loads. */
export function WinsSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('loading')} className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fill,minmax(186px,1fr))] sm:gap-4">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="h-40 animate-pulse rounded-2xl border border-line bg-surface p-4">
          <div className="size-10 rounded-xl bg-sunken" />
          <div className="mt-4 h-4 w-3/4 rounded bg-sunken" />
          <div className="mt-2 h-4 w-1/2 rounded bg-sunken" />
        </div>
      ))}
    </div>
  );
}

export function WinsError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-2xl border border-danger-line bg-danger-soft px-6 py-8 text-center">
      <p className="font-medium text-danger">{t('wins.states.error')}</p>
      <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
        {t('wins.states.retry')}
      </Button>
    </div>
  );
}

export function WinsNoMatch({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-2xl border border-dashed border-line-strong px-6 py-10 text-center">
      <p className="text-ink-soft">{t('wins.states.noMatch')}</p>
      <Button variant="quiet" size="sm" className="mt-2" onClick={onClear}>
        {t('wins.states.clearFilters')}
      </Button>
    </div>
  );
}

export function WinsEmpty({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-3xl border border-line bg-surface px-6 py-12 text-center shadow-soft">
      <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-accent-soft">
        <TargetIcon className="size-8" />
      </span>
      <h2 className="mt-5 font-serif text-2xl font-semibold text-ink">{t('wins.states.emptyTitle')}</h2>
      <p className="mx-auto mt-2 max-w-sm text-ink-soft">{t('wins.states.emptyBody')}</p>
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        <Button onClick={onCreate}>{t('wins.states.create')}</Button>
        <Link to="/log" className={buttonClasses('secondary')}>
          {t('wins.states.goToLog')}
        </Link>
      </div>
    </div>
  );
}
