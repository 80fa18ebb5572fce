import { COMPASS_TREND, type TrendWeek } from '@meld/shared';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { parseIsoDay } from '@/lib/dates.ts';
import { useCompassTrend, type CompassTrend } from '../api/today-queries.ts';
import { movement, type Measure } from '../lib/trend-summary.ts';
import { SegmentCard } from './segment-card.tsx';
import { dateFormat } from '@/lib/date-format.ts';

const MEASURES: Measure[] = ['mood', 'energy'];
/** Mood a solid terracotta line, energy a dashed sage one: told apart without colour too. */
const LINE: Record<Measure, { stroke: string; dash?: string; swatch: string }> = {
  mood: { stroke: 'stroke-accent', swatch: 'border-accent' },
  energy: { stroke: 'stroke-sage', dash: '6 5', swatch: 'border-sage border-dashed' },
};
/** Each week is this wide in the chart's own units; the height is the 0-100 scale. */
const WEEK_UNITS = 10;

function useDayFormat() {
  const { i18n } = useTranslation();
  const format = dateFormat(i18n.language, { month: 'short', day: 'numeric' });
  return {
    day: (isoDay: string) => format.format(parseIsoDay(isoDay) ?? new Date()),
    range: (week: TrendWeek) => format.formatRange(parseIsoDay(week.start) ?? new Date(), parseIsoDay(week.end) ?? new Date()),
  };
}

/** The figure's text: the averages, then how each measure moved, in whole sentences. */
function useSummary(trend: CompassTrend, weeks: number): string {
  const { t } = useTranslation();
  const { day } = useDayFormat();
  const { mood, energy } = trend.average;
  const average = mood !== null && energy !== null ? 'both' : mood !== null ? 'mood' : 'energy';
  const sentences: string[] = [t(`today.trend.average.${average}`, { weeks: String(weeks), mood: String(mood), energy: String(energy) })];
  for (const measure of MEASURES) {
    const moved = movement(trend.weeks, measure);
    if (moved.direction === 'none') continue;
    const name = t(`today.trend.${measure}`);
    sentences.push(moved.direction === 'steady' ? t('today.trend.movement.steady', { measure: name, at: String(moved.at) }) : t(`today.trend.movement.${moved.direction}`, { measure: name, date: day(moved.since), from: String(moved.from), to: String(moved.to) }));
  }
  return sentences.join(' ');
}

/** Runs of consecutive weeks with a value: a week without entries breaks the line rather than bridging it. */
function segments(weeks: readonly TrendWeek[], measure: Measure): { x: number; y: number }[][] {
  const runs: { x: number; y: number }[][] = [];
  let run: { x: number; y: number }[] = [];
  weeks.forEach((week, index) => {
    const value = week[measure];
    if (value === null) {
      if (run.length) runs.push(run);
      run = [];
      return;
    }
    run.push({ x: (index + 0.5) * WEEK_UNITS, y: 100 - value });
  });
  if (run.length) runs.push(run);
  return runs;
}

function Chart({ weeks }: { weeks: readonly TrendWeek[] }) {
  const { t } = useTranslation();
  const { day } = useDayFormat();
  const width = weeks.length * WEEK_UNITS;
  return (
    <div aria-hidden="true">
      <div className="flex gap-2">
        <div className="flex h-40 flex-col justify-between py-0 text-right text-xs text-ink-faint tabular-nums sm:h-48">
          <span className="-translate-y-1/2">100</span>
          <span>50</span>
          <span className="translate-y-1/2">0</span>
        </div>
        {/* Stretched to the box; non-scaling strokes keep lines and dots their drawn size at any width. */}
        <svg viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" className="h-40 w-full overflow-visible sm:h-48" data-testid="trend-chart">
          {[0, 50, 100].map((y) => (
            <line key={y} x1={0} x2={width} y1={y} y2={y} className="stroke-line" strokeWidth={1} vectorEffect="non-scaling-stroke" />
          ))}
          {MEASURES.map((measure) =>
            segments(weeks, measure).map((run) => (
              <g key={`${measure}-${run[0]!.x}`} className={LINE[measure].stroke} fill="none" strokeLinecap="round" strokeLinejoin="round" vectorEffect="non-scaling-stroke">
                {run.length > 1 ? <polyline points={run.map((point) => `${point.x},${point.y}`).join(' ')} strokeWidth={2.5} strokeDasharray={LINE[measure].dash} vectorEffect="non-scaling-stroke" data-measure={measure} /> : null}
                {/* A zero-length path with a round cap: a dot that stays round when the chart stretches. */}
                {run.map((point) => (
                  <path key={point.x} d={`M${point.x} ${point.y}h0`} strokeWidth={8} vectorEffect="non-scaling-stroke" />
                ))}
              </g>
            )),
          )}
        </svg>
      </div>
      <div className="mt-2 flex justify-between pl-9 text-xs text-ink-faint">
        <span>{day(weeks[0]!.start)}</span>
        <span>{t('today.trend.thisWeek')}</span>
      </div>
    </div>
  );
}

function Legend() {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('today.trend.legend')} className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-soft">
      {MEASURES.map((measure) => (
        <li key={measure} className="flex items-center gap-2">
          <span aria-hidden="true" className={clsx('w-6 border-t-[3px]', LINE[measure].swatch)} />
          {t(`today.trend.${measure}`)}
        </li>
      ))}
    </ul>
  );
}

function WeekTable({ weeks, id, shown }: { weeks: readonly TrendWeek[]; id: string; shown: boolean }) {
  const { t } = useTranslation();
  const { range } = useDayFormat();
  const cell = (value: number | null) => (value === null ? t('today.trend.table.none') : value);
  return (
    // Hidden from sight until asked for, never from screen readers: the numbers behind the lines.
    <div id={id} className={shown ? 'mt-4 overflow-x-auto' : 'sr-only'}>
      <table className="w-full text-left text-sm tabular-nums">
        <caption className="sr-only">{t('today.trend.table.caption')}</caption>
        <thead className="text-xs text-ink-faint">
          <tr>
            <th scope="col" className="py-1.5 pr-3 font-medium">{t('today.trend.table.week')}</th>
            <th scope="col" className="py-1.5 pr-3 font-medium">{t('today.trend.mood')}</th>
            <th scope="col" className="py-1.5 pr-3 font-medium">{t('today.trend.energy')}</th>
            <th scope="col" className="py-1.5 font-medium">{t('today.trend.table.days')}</th>
          </tr>
        </thead>
        <tbody className="text-ink">
          {weeks.map((week) => (
            <tr key={week.start} className="border-t border-line">
              <th scope="row" className="py-1.5 pr-3 font-normal">{range(week)}</th>
              <td className="py-1.5 pr-3">{cell(week.mood)}</td>
              <td className="py-1.5 pr-3">{cell(week.energy)}</td>
              <td className="py-1.5">{week.days}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TrendFigure({ trend, weeks }: { trend: CompassTrend; weeks: number }) {
  const { t } = useTranslation();
  const summary = useSummary(trend, weeks);
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const captionId = useId();
  return (
    <figure aria-labelledby={captionId}>
      <figcaption id={captionId} className="mb-5 leading-relaxed text-ink-soft">
        {summary}
      </figcaption>
      <p className="sr-only">{t('today.trend.scale')}</p>
      <Chart weeks={trend.weeks} />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <Legend />
        <Button variant="quiet" size="sm" aria-expanded={tableShown} aria-controls={tableId} onClick={() => setTableShown((shown) => !shown)}>
          {tableShown ? t('today.trend.hideTable') : t('today.trend.showTable')}
        </Button>
      </div>
      <WeekTable weeks={trend.weeks} id={tableId} shown={tableShown} />
    </figure>
  );
}

/** Today's mood and energy over the last weeks, from the member's own compass (Daylio's strongest feature). */
export function MoodEnergyTrend({ weeks = COMPASS_TREND.defaultWeeks }: { weeks?: number }) {
  const { t } = useTranslation();
  const trend = useCompassTrend(weeks);
  return (
    <SegmentCard id="mood-energy-trend" eyebrow={t('today.trend.eyebrow', { weeks: String(weeks) })} title={t('today.trend.title')}>
      {trend.isPending ? (
        <Spinner label={t('today.trend.loading')} />
      ) : trend.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-ink-soft">{t('today.trend.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void trend.refetch()}>
            {t('today.trend.retry')}
          </Button>
        </div>
      ) : trend.data.days < trend.data.daysNeeded ? (
        <p className="text-ink-soft">{t('today.trend.tooFew', { count: trend.data.days, needed: String(trend.data.daysNeeded), weeks: String(weeks) })}</p>
      ) : (
        <TrendFigure trend={trend.data} weeks={weeks} />
      )}
    </SegmentCard>
  );
}
