import type { LogEntry } from '@meld/shared';
import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { shortDay, timeOf } from '../lib/log-format.ts';
import { TypeIcon } from './entry-type.tsx';

interface LogEntryCardProps {
  entry: LogEntry;
  timeZone: string;
  /** The timeline prints the day above, so the card shows only the time. */
  showDay?: boolean;
  id?: string | undefined;
}

/** One entry: type icon, title, content, value tag, the day's summary (an AI echo when a model wrote it) and a link to where it came from. */
export function LogEntryCard({ entry, timeZone, showDay = true, id }: LogEntryCardProps) {
  const { t, i18n } = useTranslation();
  const time = timeOf(entry.timestamp, timeZone, i18n.language);
  const sliders = [entry.mood === null ? null : `${t('log.entry.mood')} ${entry.mood}`, entry.energy === null ? null : `${t('log.entry.energy')} ${entry.energy}`].filter(Boolean);
  return (
    <article id={id} aria-labelledby={`${entry.id}-title`} className="scroll-mt-24 rounded-2xl border border-line bg-surface p-4 shadow-soft sm:p-5">
      <header className="flex items-start gap-3">
        <TypeIcon type={entry.type} />
        <div className="min-w-0 flex-1">
          <h3 id={`${entry.id}-title`} className="font-serif text-lg leading-snug font-semibold text-ink">
            {entry.title ?? t(`log.types.${entry.type}`)}
          </h3>
          <p className="mt-0.5 text-sm text-ink-faint">
            {entry.title ? `${t(`log.types.${entry.type}`)} · ` : ''}
            <time dateTime={entry.timestamp}>{showDay ? `${shortDay(entry.date, i18n.language)}, ${time}` : time}</time>
            {entry.isPinned ? ` · ${t('log.entry.pinned')}` : ''}
          </p>
        </div>
        <span className="rounded-full border border-line bg-canvas px-2.5 py-0.5 text-xs font-medium text-ink-soft">{t(`log.values.${entry.valueTag}`)}</span>
      </header>
      {entry.prompt ? (
        <p className="mt-3 text-sm text-ink-soft italic">
          <span className="sr-only">{t('log.entry.prompt')}: </span>
          {entry.prompt}
        </p>
      ) : null}
      {sliders.length > 0 ? <p className="mt-3 text-sm font-medium text-ink-soft">{sliders.join(' · ')}</p> : null}
      {entry.content.trim() ? <p className="mt-2 whitespace-pre-line text-[0.95rem] leading-relaxed text-ink">{entry.content}</p> : null}
      {entry.impact.length > 0 ? (
        <ul aria-label={t('log.entry.impact')} className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-ink-soft">
          {entry.impact.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      ) : null}
      {entry.aiEcho ? (
        <blockquote className="mt-3 rounded-xl border-l-2 border-accent bg-accent-soft/50 px-3 py-2 text-sm text-ink">
          <span className="block text-xs font-semibold tracking-wide text-accent-strong uppercase">{t(entry.echoSource === 'model' ? 'log.entry.aiEcho' : 'log.entry.summaryEcho')}</span>
          {entry.aiEcho}
        </blockquote>
      ) : null}
      <footer className={clsx('mt-3 flex flex-wrap items-center gap-2', entry.tags.length === 0 && 'justify-end')}>
        {entry.tags.length > 0 ? (
          <ul aria-label={t('log.entry.tags')} className="flex flex-1 flex-wrap gap-1.5">
            {entry.tags.map((tag) => (
              <li key={tag} className="rounded-md bg-sunken px-2 py-0.5 text-xs text-ink-soft">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <Link to={entry.link} className="text-sm font-medium text-accent underline-offset-4 hover:underline">
          {t('log.entry.open')}
        </Link>
      </footer>
    </article>
  );
}
