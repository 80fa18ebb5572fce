import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { preloadWhenSignedIn, revalidateOnSearch } from '@/lib/route-data-preload.ts';
import { useRevealedCount } from '@/lib/use-revealed-count.ts';
import { askedMonth, logMonthQuery } from '../api/log-queries.ts';
import { ExportMenu } from '../components/export-menu.tsx';
import { LogEntries, type LogLayout } from '../components/log-entries.tsx';
import { LogRail } from '../components/log-rail.tsx';
import { LogEmpty, LogError, LogNoMatch, LogSkeleton } from '../components/log-states.tsx';
import { MonthPicker } from '../components/month-picker.tsx';
import { TodayButton } from '../components/today-button.tsx';
import { activeFilterCount, dayAnchor, filterEntries, groupByDay, NO_FILTERS, type LogFilters } from '../lib/log-filter.ts';
import { monthLabel } from '../lib/log-format.ts';
import { useLogExport } from '../lib/use-log-export.ts';

/** Entries drawn with the page; the rest of the month follows between frames (more than a screen at any width). */
const FIRST_ENTRIES = 8;

/** Asks for the month as the session is restored (route-data-preload.ts). */
export function loader({ request }: LoaderFunctionArgs): null {
  return preloadWhenSignedIn((queryClient) => void queryClient.prefetchQuery(logMonthQuery(askedMonth(new URL(request.url).searchParams))));
}

/** The loader runs again only for another month (?month=). */
export const shouldRevalidate = revalidateOnSearch('month');

/** /log (spec 002 section 2): the month's entries in the centre, filters and the day chart in the right rail. */
export function Component() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const log = useQuery(logMonthQuery(askedMonth(params)));
  const [filters, setFilters] = useState<LogFilters>(NO_FILTERS);
  const [layout, setLayout] = useState<LogLayout>('cards');
  const [sheetOpen, setSheetOpen] = useState(false);
  const { exportAs, pending } = useLogExport();

  const data = log.data;
  const shown = useMemo(() => filterEntries(data?.entries ?? [], filters), [data, filters]);
  const jumpDays = useMemo(() => groupByDay(shown).map((day) => day.date), [shown]);
  const revealed = useRevealedCount(shown.length, FIRST_ENTRIES, data?.month);
  const filterCount = activeFilterCount(filters);

  const jump = (date: string) => {
    setSheetOpen(false);
    revealed.revealAll();
    document.getElementById(dayAnchor(date))?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };
  const railRef = useRef<HTMLElement>(null);
  const toggleSheet = (open: boolean) => {
    setSheetOpen(open);
    if (!open) setSheetSearch(false);
  };
  const [sheetSearch, setSheetSearch] = useState(false);
  // The header's search button: the rail's search box where the rail shows, else the filter sheet starting in its own.
  const focusSearch = () => {
    const rail = railRef.current;
    if (rail && rail.getClientRects().length > 0) return rail.querySelector<HTMLInputElement>('input[type=search]')?.focus();
    setSheetSearch(true);
    setSheetOpen(true);
  };
  const rail = (autoFocusSearch: boolean) => (data ? <LogRail filters={filters} onChange={setFilters} days={data.days} jumpDays={jumpDays} onJump={jump} autoFocusSearch={autoFocusSearch} /> : null);

  let content;
  if (log.isPending) content = <LogSkeleton />;
  else if (log.isError || !data) content = <LogError onRetry={() => void log.refetch()} />;
  else if (data.entries.length === 0) content = <LogEmpty month={monthLabel(data.month, i18n.language)} />;
  else if (shown.length === 0) content = <LogNoMatch onClear={() => setFilters(NO_FILTERS)} />;
  else content = <LogEntries entries={revealed.count < shown.length ? shown.slice(0, revealed.count) : shown} layout={layout} timeZone={data.timeZone} today={data.today} />;

  return (
    <div className="@container mx-auto w-full max-w-[88rem] px-4 pt-2 pb-16 sm:px-6">
      <nav aria-label={t('log.breadcrumb.label')} className="text-sm text-ink-faint">
        <ol className="flex items-center gap-1.5">
          <li>
            <Link to="/today" className="hover:text-ink">
              {t('log.breadcrumb.home')}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-ink-soft">
            {t('log.breadcrumb.log')}
          </li>
        </ol>
      </nav>
      <div className="mt-3 grid gap-8 @4xl:grid-cols-[minmax(0,1fr)_19rem] @6xl:grid-cols-[minmax(0,1fr)_21rem]">
        <section aria-labelledby="log-title" className="min-w-0">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h1 id="log-title" className="font-serif text-4xl leading-tight font-semibold text-ink">
                {t('log.title')}
              </h1>
              <p className="mt-1 text-ink-soft">{t('log.subtitle')}</p>
            </div>
            <div className="flex flex-wrap items-center gap-1.5 sm:gap-2">
              {data ? <MonthPicker month={data.month} firstMonth={data.firstMonth} lastMonth={data.lastMonth} onChange={(month) => setParams({ month })} /> : null}
              <Button variant="secondary" size="sm" className="w-9 px-0" aria-label={t('log.search.open')} title={t('log.search.open')} onClick={focusSearch} disabled={!data}>
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-[18px] shrink-0" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
                  <circle cx="8.5" cy="8.5" r="5.5" />
                  <path d="m13 13 4 4" />
                </svg>
              </Button>
              <ExportMenu pending={pending} onExport={(format) => data && void exportAs(format, { month: data.month, timeZone: data.timeZone, entries: shown, filters })} />
            </div>
          </div>
          <div className="mt-5 flex items-center justify-between gap-3">
            <div role="group" aria-label={t('log.view.label')} className="inline-flex rounded-xl border border-line bg-surface p-1">
              {(['cards', 'timeline'] as const).map((item) => (
                <button
                  key={item}
                  type="button"
                  aria-pressed={layout === item}
                  onClick={() => setLayout(item)}
                  className={clsx('rounded-lg px-3 py-1.5 text-sm font-medium', layout === item ? 'bg-accent-soft text-ink' : 'text-ink-soft hover:text-ink')}
                >
                  {t(`log.view.${item}`)}
                </button>
              ))}
            </div>
            <Button variant="secondary" size="sm" className="@4xl:hidden" onClick={() => setSheetOpen(true)} disabled={!data}>
              {filterCount > 0 ? t('log.filters.count', { count: filterCount }) : t('log.filters.open')}
            </Button>
          </div>
          <div className="mt-6">{content}</div>
        </section>
        <aside ref={railRef} aria-label={t('log.filters.title')} className="hidden @4xl:sticky @4xl:top-20 @4xl:block @4xl:self-start">
          {/* Taller than the window on a short screen: the rail scrolls on its own. */}
          <div className="max-h-[calc(100dvh-6rem)] overflow-y-auto rounded-2xl border border-line bg-surface p-5 shadow-soft">{rail(false)}</div>
        </aside>
      </div>
      <Modal open={sheetOpen} onOpenChange={toggleSheet} title={t('log.filters.title')}>
        <div className="min-h-0 overflow-y-auto px-6 pt-2 pb-8">{rail(sheetSearch)}</div>
      </Modal>
      {layout === 'timeline' ? <TodayButton /> : null}
    </div>
  );
}
