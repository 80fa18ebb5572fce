import { LOG_ENTRY_TYPES, LOG_VALUES, type LogDayCount } from '@meld/shared';
import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { activeFilterCount, dayAnchor, toggleType, type LogFilters } from '../lib/log-filter.ts';
import { shortDay } from '../lib/log-format.ts';
import { DayChart } from './day-chart.tsx';
import { TypeDot } from './entry-type.tsx';

interface LogRailProps {
  filters: LogFilters;
  onChange: (filters: LogFilters) => void;
  days: LogDayCount[];
  /** Days with shown entries, newest first: the Jump-to links. */
  jumpDays: string[];
  onJump: (date: string) => void;
  /** The filter sheet opened from the header's Search starts in the search box. */
  autoFocusSearch?: boolean;
}

const chip = (on: boolean) =>
  clsx(
    'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-focus',
    on ? 'border-accent bg-accent-soft text-ink' : 'border-line bg-surface text-ink-soft hover:bg-sunken',
  );

/** The right rail: entry types, value, search, the day chart, the legend and Jump-to. */
export function LogRail({ filters, onChange, days, jumpDays, onJump, autoFocusSearch = false }: LogRailProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="text-xs font-semibold tracking-wide text-ink-faint uppercase">{t('log.types.label')}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {LOG_ENTRY_TYPES.map((type) => (
            <button key={type} type="button" aria-pressed={filters.types.includes(type)} className={chip(filters.types.includes(type))} onClick={() => onChange({ ...filters, types: toggleType(filters.types, type) })}>
              <TypeDot type={type} />
              {t(`log.types.${type}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-xs font-semibold tracking-wide text-ink-faint uppercase">{t('log.values.label')}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          <button type="button" aria-pressed={filters.value === null} className={chip(filters.value === null)} onClick={() => onChange({ ...filters, value: null })}>
            {t('log.values.all')}
          </button>
          {LOG_VALUES.map((value) => (
            <button key={value} type="button" aria-pressed={filters.value === value} className={chip(filters.value === value)} onClick={() => onChange({ ...filters, value: filters.value === value ? null : value })}>
              {t(`log.values.${value}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <label className="block">
        <span className="text-xs font-semibold tracking-wide text-ink-faint uppercase">{t('log.search.label')}</span>
        <Input type="search" autoFocus={autoFocusSearch} className="mt-2 h-10" value={filters.search} placeholder={t('log.search.placeholder')} onChange={(event) => onChange({ ...filters, search: event.target.value })} />
      </label>
      {activeFilterCount(filters) > 0 ? (
        <Button variant="quiet" size="sm" onClick={() => onChange({ types: [], value: null, search: '' })}>
          {t('log.filters.clear')}
        </Button>
      ) : null}
      <DayChart days={days} onJump={onJump} />
      <section aria-labelledby="log-legend-title">
        <h2 id="log-legend-title" className="text-xs font-semibold tracking-wide text-ink-faint uppercase">
          {t('log.legend.title')}
        </h2>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-ink-soft">
          {LOG_ENTRY_TYPES.map((type) => (
            <li key={type} className="flex items-center gap-2">
              <TypeDot type={type} />
              {t(`log.types.${type}`)}
            </li>
          ))}
        </ul>
      </section>
      {jumpDays.length > 0 ? (
        <nav aria-labelledby="log-jump-title">
          <h2 id="log-jump-title" className="text-xs font-semibold tracking-wide text-ink-faint uppercase">
            {t('log.jump.title')}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {jumpDays.map((date) => (
              <li key={date}>
                <a
                  href={`#${dayAnchor(date)}`}
                  aria-label={t('log.jump.day', { date: shortDay(date, i18n.language) })}
                  className="inline-block rounded-md bg-sunken px-2 py-1 text-sm text-ink-soft hover:text-ink"
                  onClick={(event) => {
                    event.preventDefault();
                    onJump(date);
                  }}
                >
                  {shortDay(date, i18n.language)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
