import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { addDays, parseIsoDay, toIsoDay } from '@/lib/dates.ts';
import { useNow } from '@/lib/use-now.ts';
import { useSession } from '@/lib/use-session.ts';
import { DateHeader } from '../components/date-header.tsx';
import { WelcomeNote } from '../components/welcome-note.tsx';
import { dayPart, firstName } from '../lib/greeting.ts';

/** /today?date=YYYY-MM-DD: the date header and a greeting; the day's check-ins arrive with the reflection work. */
export function Component() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const now = useNow();
  const today = toIsoDay(now);
  const requested = params.get('date');
  const date = parseIsoDay(requested) ?? now;
  const day = toIsoDay(date);
  const isToday = day === today;
  const name = firstName(user?.name);
  const part = dayPart(now.getHours());

  const goTo = (next: string) =>
    setParams((current) => {
      if (next === today) current.delete('date');
      else current.set('date', next);
      return current;
    });

  const dismissTour = () =>
    setParams(
      (current) => {
        current.delete('tour');
        return current;
      },
      { replace: true },
    );

  const longDate = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(date);
  const otherYear = date.getFullYear() !== now.getFullYear();
  const shortDate = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', month: 'short', day: 'numeric', ...(otherYear ? { year: 'numeric' } : {}) }).format(date);
  const greeting = name ? t(`today.greeting.${part}`, { name }) : t(`today.greeting.${part}Anonymous`);
  const subtitle = isToday ? t('today.subtitle.today') : day < today ? t('today.subtitle.past') : t('today.subtitle.future');

  return (
    <div className="mx-auto w-full max-w-3xl px-5 pt-4 pb-16 sm:px-8 sm:pt-8">
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
      <h1 className="mt-6 text-4xl leading-tight font-semibold text-ink sm:text-5xl">{greeting}</h1>
      <p className="mt-3 text-lg text-ink-soft">
        {isToday ? <span className="text-ink-faint">{longDate} · </span> : null}
        {subtitle}
      </p>
      {params.get('tour') === 'checkin' ? <WelcomeNote name={name} onDismiss={dismissTour} /> : null}
    </div>
  );
}
