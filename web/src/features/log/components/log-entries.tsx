import type { LogEntry } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { dayAnchor, groupByDay } from '../lib/log-filter.ts';
import { dayHeading } from '../lib/log-format.ts';
import { LogEntryCard } from './log-entry-card.tsx';

export type LogLayout = 'cards' | 'timeline';

interface LogEntriesProps {
  entries: LogEntry[];
  layout: LogLayout;
  timeZone: string;
  today: string;
}

/**
 * The cards (a grid, each card dated) or the timeline (entries under date headers along a line).
 * Either way each day's first element carries the anchor the Jump-to links scroll to.
 */
export function LogEntries({ entries, layout, timeZone, today }: LogEntriesProps) {
  const { t, i18n } = useTranslation();
  const days = groupByDay(entries);
  if (layout === 'cards') {
    return (
      <div className="grid gap-4 @3xl:grid-cols-2">
        {days.flatMap((day) => day.entries.map((entry, index) => <LogEntryCard key={entry.id} entry={entry} timeZone={timeZone} id={index === 0 ? dayAnchor(day.date) : undefined} />))}
      </div>
    );
  }
  return (
    <ol className="relative space-y-8 border-l border-line pl-5 sm:pl-7">
      {days.map((day) => (
        <li key={day.date} id={dayAnchor(day.date)} className="scroll-mt-24">
          <h2 className="relative font-serif text-xl font-semibold text-ink">
            <span aria-hidden="true" className="absolute top-2 -left-[1.65rem] size-2.5 rounded-full bg-accent ring-4 ring-canvas sm:-left-[2.15rem]" />
            {day.date === today ? `${t('log.today')} · ` : ''}
            {dayHeading(day.date, i18n.language)}
          </h2>
          <div className="mt-3 space-y-3">
            {day.entries.map((entry) => (
              <LogEntryCard key={entry.id} entry={entry} timeZone={timeZone} showDay={false} />
            ))}
          </div>
        </li>
      ))}
    </ol>
  );
}
