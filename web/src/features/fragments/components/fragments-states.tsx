import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';

/** Placeholder rows while the inbox really loads (spec 002: the fragments skeleton). */
export function FragmentsSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('loading')} className="flex flex-col gap-2.5">
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="animate-pulse rounded-2xl border border-line bg-surface px-4 py-4">
          <div className="h-4 w-16 rounded-full bg-sunken" />
          <div className="mt-3 h-4 w-11/12 rounded bg-sunken" />
          <div className="mt-2 h-4 w-2/3 rounded bg-sunken" />
        </div>
      ))}
    </div>
  );
}

export function FragmentsError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-2xl border border-danger-line bg-danger-soft px-6 py-8 text-center">
      <p className="font-medium text-danger">{message}</p>
      <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
        {t('fragments.states.retry')}
      </Button>
    </div>
  );
}

export function FragmentsNoMatch({ onClear }: { onClear?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-2xl border border-dashed border-line-strong px-6 py-10 text-center">
      <p className="text-ink-soft">{t('fragments.states.noMatch')}</p>
      {onClear ? (
        <Button variant="quiet" size="sm" className="mt-2" onClick={onClear}>
          {t('fragments.states.clearSearch')}
        </Button>
      ) : null}
    </div>
  );
}

export function FragmentsEmpty({ onCapture }: { onCapture: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-3xl border border-line bg-surface px-6 py-12 text-center shadow-soft">
      <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-accent-soft text-2xl" aria-hidden="true">
        ✦
      </span>
      <h2 className="mt-5 font-serif text-2xl font-semibold text-ink">{t('fragments.states.emptyTitle')}</h2>
      <p className="mx-auto mt-2 max-w-md text-ink-soft">{t('fragments.states.emptyBody')}</p>
      <Button className="mt-6" onClick={onCapture}>
        {t('fragments.states.emptyAction')}
      </Button>
    </div>
  );
}
