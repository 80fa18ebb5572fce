import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { addDays, parseIsoDay, toIsoDay } from '@/lib/dates.ts';
import { preloadWhenSignedIn, revalidateOnSearch } from '@/lib/route-data-preload.ts';
import { useNow } from '@/lib/use-now.ts';
import { useSession } from '@/lib/use-session.ts';
import { compassViewQuery, useCompassView } from '../api/today-queries.ts';
import { DailyCompass } from '../components/daily-compass.tsx';
import { DateHeader } from '../components/date-header.tsx';
import { EveningCheckin } from '../components/evening-checkin.tsx';
import { GuidedTour, isTourName } from '../components/guided-tour.tsx';
import { MoodEnergyTrend } from '../components/mood-energy-trend.tsx';
import { TopBar } from '../components/top-bar.tsx';
import { segmentOrder } from '../lib/day-rules.ts';
import { dayPart, firstName } from '../lib/greeting.ts';
import { dateFormat } from '@/lib/date-format.ts';

/** The day the screen shows: `?date=` when it is a valid day up to today; today otherwise (days ahead have nothing to show or edit). */
function shownDate(now: Date, asked: string | null): Date {
  const requested = parseIsoDay(asked);
  return requested && toIsoDay(requested) <= toIsoDay(now) ? requested : now;
}

/** Asks for the day's compass as the session is restored (route-data-preload.ts). */
export function loader({ request }: LoaderFunctionArgs): null {
  return preloadWhenSignedIn((queryClient) => void queryClient.prefetchQuery(compassViewQuery(toIsoDay(shownDate(new Date(), new URL(request.url).searchParams.get('date'))))));
}

/** The loader runs again only for another day (?date=). */
export const shouldRevalidate = revalidateOnSearch('date');

/** /today?date=YYYY-MM-DD&tour=checkin|mentor&reflect=evening: the day's compass and evening check-in. */
export function Component() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const now = useNow();
  const today = toIsoDay(now);
  const date = shownDate(now, params.get('date'));
  const day = toIsoDay(date);
  const isToday = day === today;
  const name = firstName(user?.name);
  const part = dayPart(now.getHours());
  const view = useCompassView(day);
  // The day a "New Reflection" from the plus menu is waiting to start on (today, once loaded).
  const [reflectOn, setReflectOn] = useState<string | null>(null);
  const tour = params.get('tour');

  const goTo = (next: string) =>
    setParams((current) => {
      if (next === today) current.delete('date');
      else current.set('date', next);
      return current;
    });

  const closeTour = () =>
    setParams(
      (current) => {
        current.delete('tour');
        return current;
      },
      { replace: true },
    );

  const newReflection = () => {
    if (!isToday) goTo(today);
    setReflectOn(today);
    document.getElementById('evening-checkin')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  // The shell's quick-add "Evening Reflection" lands here with ?reflect=evening: today's check-in starts once.
  const reflectRequested = params.get('reflect') === 'evening' && isToday;
  const startHandled = () => {
    setReflectOn(null);
    if (reflectRequested)
      setParams(
        (current) => {
          current.delete('reflect');
          return current;
        },
        { replace: true },
      );
  };

  const longDate = dateFormat(i18n.language, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(date);
  const otherYear = date.getFullYear() !== now.getFullYear();
  const shortDate = dateFormat(i18n.language, { weekday: 'short', month: 'short', day: 'numeric', ...(otherYear ? { year: 'numeric' } : {}) }).format(date);
  const greeting = name ? t(`today.greeting.${part}`, { name }) : t(`today.greeting.${part}Anonymous`);
  const subtitle = isToday ? t(`today.subtitle.${part}`) : t('today.subtitle.past');

  const dayData = view.data?.days.find((candidate) => candidate.date === day);
  const shared = { date: day, dateLabel: longDate, isToday, now, day: dayData, status: view.status };
  const segments = {
    // Keyed by day so a half-finished edit never carries over to another date.
    compass: <DailyCompass key={`compass-${day}`} {...shared} streak={view.data?.streak ?? 0} />,
    evening: <EveningCheckin key={`evening-${day}`} {...shared} startRequested={reflectOn === day || reflectRequested} onStartHandled={startHandled} />,
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-5 pt-4 pb-16 sm:px-8 sm:pt-8">
      <TopBar name={user?.name ?? ''} avatar={user?.avatar} onNewReflection={newReflection}>
        <DateHeader
          day={day}
          isToday={isToday}
          canGoForward={day < today}
          label={isToday ? t('today.title') : longDate}
          shortLabel={isToday ? t('today.title') : shortDate}
          onPrevious={() => goTo(addDays(day, -1))}
          onNext={() => goTo(addDays(day, 1))}
          onToday={() => goTo(today)}
        />
      </TopBar>
      <h1 className="mt-6 text-4xl leading-tight font-semibold text-ink sm:text-5xl">{greeting}</h1>
      <p className="mt-3 text-lg text-ink-soft">
        {isToday ? <span className="text-ink-faint">{longDate} · </span> : null}
        {subtitle}
      </p>
      <div className="mt-8 space-y-6">
        {segmentOrder(now, isToday, dayData).map((segment) => (
          <div key={segment}>{segments[segment]}</div>
        ))}
        <MoodEnergyTrend />
      </div>
      {isTourName(tour) && view.status !== 'pending' ? <GuidedTour tour={tour} name={name} onClose={closeTour} /> : null}
    </div>
  );
}
