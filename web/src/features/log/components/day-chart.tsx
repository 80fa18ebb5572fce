import { dayBarHeight, type LogDayCount } from '@meld/shared';
import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { shortDay } from '../lib/log-format.ts';

/** Entries per day of the month: bars 4-48 px tall, scaled to the busiest day; a busy day's bar jumps to it. */
export function DayChart({ days, onJump }: { days: LogDayCount[]; onJump: (date: string) => void }) {
  const { t, i18n } = useTranslation();
  const max = Math.max(0, ...days.map((day) => day.count));
  return (
    <section aria-labelledby="log-chart-title">
      <h2 id="log-chart-title" className="text-xs font-semibold tracking-wide text-ink-faint uppercase">
        {t('log.chart.title')}
      </h2>
      <ol className="mt-3 flex h-12 items-end gap-[2px]">
        {days.map((day) => {
          const label = t('log.chart.day', { date: shortDay(day.date, i18n.language), count: day.count });
          const style = { height: `${dayBarHeight(day.count, max)}px` };
          return (
            <li key={day.date} className="flex flex-1 items-end" data-testid="log-day-bar" data-date={day.date}>
              {day.count > 0 ? (
                <button type="button" aria-label={label} title={label} style={style} onClick={() => onJump(day.date)} className="w-full rounded-sm bg-accent/80 hover:bg-accent focus-visible:outline-2 focus-visible:outline-focus" />
              ) : (
                <span aria-hidden="true" title={label} style={style} className={clsx('w-full rounded-sm bg-line')} />
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
