import { NORTH_STAR, type NarrativeReadiness } from '@meld/shared';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { ConfidenceCard, DataSourcesCard } from './side-rail.tsx';

/** The page's shape while the narrative really loads. */
export function NorthStarSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('northStar.states.loading')} className="grid gap-6 @4xl:grid-cols-[minmax(0,1fr)_18rem] @6xl:grid-cols-[minmax(0,1fr)_21rem]">
      <div className="flex flex-col gap-6">
        <div className="h-56 animate-pulse rounded-3xl border border-line bg-surface p-8">
          <div className="h-3 w-40 rounded bg-sunken" />
          <div className="mt-5 h-8 w-4/5 rounded bg-sunken" />
          <div className="mt-3 h-8 w-3/5 rounded bg-sunken" />
        </div>
        {[0, 1].map((index) => (
          <div key={index} className="h-48 animate-pulse rounded-3xl border border-line bg-surface p-8">
            <div className="h-5 w-1/3 rounded bg-sunken" />
            <div className="mt-5 h-3 w-full rounded bg-sunken" />
            <div className="mt-2 h-3 w-11/12 rounded bg-sunken" />
            <div className="mt-2 h-3 w-4/5 rounded bg-sunken" />
          </div>
        ))}
      </div>
      <div className="hidden h-96 animate-pulse rounded-3xl border border-line bg-surface @4xl:block" />
    </div>
  );
}

export function NorthStarError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-2xl border border-danger-line bg-danger-soft px-6 py-8 text-center">
      <p className="font-medium text-danger">{t('northStar.states.error')}</p>
      <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
        {t('northStar.states.retry')}
      </Button>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-2xl rounded-3xl border border-line bg-surface px-6 py-10 text-center shadow-soft sm:px-12">
      <span aria-hidden="true" className="mx-auto grid size-14 place-items-center rounded-2xl bg-accent-soft text-2xl text-accent">
        ✦
      </span>
      <h2 className="mt-5 font-serif text-3xl font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}

/**
 * No version yet, and either too few days with entries or no coach to write one: says plainly what
 * the record holds and what is still missing, and shows what needs no model (the data sources and
 * the confidence, computed from the record).
 */
export function NotEnoughData({ readiness }: { readiness: NarrativeReadiness }) {
  const { t } = useTranslation();
  const need = NORTH_STAR.minDaysWithEntries;
  const enoughDays = readiness.daysNeeded === 0;
  return (
    <div className="flex flex-col gap-6">
      <Panel title={t(enoughDays ? 'northStar.states.noWriterTitle' : 'northStar.states.notEnoughTitle')}>
        <p className="mt-3 text-ink-soft">{t(enoughDays ? 'northStar.states.noWriterBody' : 'northStar.states.notEnoughBody')}</p>
        <div className="mx-auto mt-6 max-w-sm text-left">
          <ProgressBar value={Math.min(readiness.daysWithEntries, need)} max={need} label={t('northStar.states.daysLabel')} />
          <p className="mt-2 text-sm text-ink-soft">
            {enoughDays ? t('northStar.states.daysEnough', { count: readiness.daysWithEntries, need: String(need) }) : t('northStar.states.daysProgress', { have: String(readiness.daysWithEntries), need: String(need) })}
          </p>
        </div>
        {readiness.daysNeeded > 0 ? (
          <ul className="mx-auto mt-5 flex max-w-md flex-col gap-2 text-left text-sm text-ink">
            <li className="rounded-xl bg-sunken px-4 py-3">{t('northStar.states.moreDays', { count: readiness.daysNeeded })}</li>
          </ul>
        ) : null}
        <Link to="/today" className={buttonClasses('primary', 'md', 'mt-7')}>
          {t('northStar.states.goToToday')}
        </Link>
      </Panel>
      {readiness.dataSources.length > 0 ? (
        <div className="mx-auto grid w-full max-w-2xl gap-4 sm:grid-cols-2">
          <DataSourcesCard dataSources={readiness.dataSources} />
          <ConfidenceCard confidence={readiness.confidence} factors={readiness.confidenceFactors} />
        </div>
      ) : null}
    </div>
  );
}

/** Enough entries and a coach, but no version yet: the first one is one click away. */
export function ReadyToWrite({ readiness, pending, onGenerate }: { readiness: NarrativeReadiness; pending: boolean; onGenerate: () => void }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('northStar.states.readyTitle')}>
      <p className="mt-3 text-ink-soft">{t('northStar.states.readyBody', { count: readiness.daysWithEntries })}</p>
      <Button className="mt-7" onClick={onGenerate} loading={pending}>
        {t('northStar.actions.generate')}
      </Button>
    </Panel>
  );
}
