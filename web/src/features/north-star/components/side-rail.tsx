import { confidenceBand, NORTH_STAR, type ConfidenceFactors, type DataSource, type NarrativeVersion } from '@meld/shared';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { useNow } from '@/lib/use-now.ts';
import { daysUntil, formatIsoDay } from '../lib/format.ts';

const BAR: Record<ReturnType<typeof confidenceBand>, string> = { strong: 'bg-sage', fair: 'bg-sand', weak: 'bg-accent' };
const FACTORS = ['coverage', 'consistency', 'recency', 'conflicting'] as const;

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-3xl border border-line bg-surface px-5 py-5 shadow-soft">
      <h2 className="text-xs font-semibold tracking-[0.16em] text-ink-faint uppercase">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Each kind of record the narrative reads, with its count and a link to its latest entry. */
export function DataSourcesCard({ dataSources }: { dataSources: readonly DataSource[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card title={t('northStar.rail.dataSources')}>
      {dataSources.length === 0 ? <p className="text-sm text-ink-soft">{t('northStar.rail.noSources')}</p> : null}
      <ul className="flex flex-col gap-3">
        {dataSources.map((source) => (
          <li key={source.key}>
            <div className="flex items-baseline justify-between gap-2">
              <span className="font-medium text-ink">{t(`northStar.sources.${source.key}`)}</span>
              <span className="shrink-0 text-sm whitespace-nowrap text-ink-soft tabular-nums">{t('northStar.rail.entries', { count: source.count })}</span>
            </div>
            <p className="mt-0.5 line-clamp-2 text-sm text-ink-faint">
              {source.link ? (
                <Link to={source.link} className="text-ink-soft underline decoration-line underline-offset-2 hover:text-ink">
                  {t('northStar.rail.latest', { date: formatIsoDay(source.date, i18n.language) })}
                  {/* The visible words start the name (voice control), the source ends it (screen readers). */}
                  <span className="sr-only">{t('northStar.rail.latestOf', { source: t(`northStar.sources.${source.key}`) })}</span>
                </Link>
              ) : (
                <span className="text-ink-soft">{t('northStar.rail.latest', { date: formatIsoDay(source.date, i18n.language) })}</span>
              )}{' '}
              · {source.preview}
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** How far the record goes, computed from it (decision 0014): the score and its four factors. */
export function ConfidenceCard({ confidence, factors, children }: { confidence: number; factors: ConfidenceFactors; children?: ReactNode }) {
  const { t } = useTranslation();
  const band = confidenceBand(confidence);
  return (
    <Card title={t('northStar.rail.confidence')}>
      <div className="flex items-baseline gap-2">
        <span className="font-serif text-4xl font-semibold text-ink tabular-nums">{confidence}</span>
        <span className="text-sm text-ink-faint">/ 100</span>
      </div>
      <div role="meter" aria-label={t('northStar.rail.confidence')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={confidence} data-band={band} className="mt-2 h-2 overflow-hidden rounded-full bg-sunken">
        <div className={clsx('h-full rounded-full', BAR[band])} style={{ width: `${confidence}%` }} />
      </div>
      <p className="mt-2 text-sm text-ink-soft">{t('northStar.rail.basis')}</p>
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-3 gap-y-2 text-sm">
        {FACTORS.map((factor) => (
          <div key={factor} className="contents" title={t(`northStar.rail.factorHints.${factor}`)}>
            <dt className="text-ink-soft">{t(`northStar.rail.factors.${factor}`)}</dt>
            <dd className="text-right font-medium text-ink tabular-nums">{factors[factor]}%</dd>
          </div>
        ))}
      </dl>
      {children}
    </Card>
  );
}

/** Data Sources, Confidence (with its factors) and What Changed. */
export function SideRail({ narrative, hasPrevious }: { narrative: NarrativeVersion; hasPrevious: boolean }) {
  const { t } = useTranslation();
  const now = useNow();
  const dueIn = daysUntil(narrative.nextUpdateDue, now);
  return (
    <div className="flex flex-col gap-4">
      <DataSourcesCard dataSources={narrative.dataSources} />

      <ConfidenceCard confidence={narrative.confidence} factors={narrative.confidenceFactors}>
        {dueIn <= NORTH_STAR.dueSoonDays ? (
          <p className="mt-4 rounded-xl bg-sunken px-3 py-2 text-sm text-ink-soft">{dueIn === 0 ? t('northStar.rail.nextUpdateNow') : t('northStar.rail.nextUpdate', { count: dueIn })}</p>
        ) : null}
      </ConfidenceCard>

      <Card title={t('northStar.rail.whatChanged')}>
        {narrative.changes.length === 0 ? (
          <p className="text-sm text-ink-soft">{hasPrevious ? t('northStar.rail.noChanges') : t('northStar.rail.firstVersion')}</p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {narrative.changes.map((change) => (
              <li key={`${change.target}-${change.text}`} className="flex gap-2">
                <span aria-hidden="true" className={clsx('mt-1.5 size-2 shrink-0 rounded-full', change.type === 'add' ? 'bg-sage' : 'bg-sand')} />
                <span className="text-ink-soft">{change.text}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
