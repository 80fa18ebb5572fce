import { useTranslation } from '@/lib/use-translation.ts';
import { formatDate } from '../lib/format.ts';
import { Badge } from './status-badge.tsx';

/**
 * Marks a sign-up whose e-mail signed up before. The public forms never change an existing record
 * (issue 21), so a repeat, which may be someone else using that address, stands apart for the
 * admin to judge; `earlier` is the first sign-up with the address, when the list still holds it.
 */
export function RepeatNote({ earlier }: { earlier: { name: string; createdAt: string } | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <span className="mt-1 flex flex-col items-start gap-0.5 font-normal">
      <Badge tone="progress" label={t('adminSignups.repeat.label')} />
      <span className="text-xs text-ink-faint">{earlier ? t('adminSignups.repeat.of', { name: earlier.name, date: formatDate(earlier.createdAt, i18n.language) }) : t('adminSignups.repeat.ofGone')}</span>
    </span>
  );
}

/** The rows by id, so a repeat can name the sign-up it repeats. */
export function byId<T extends { _id: string }>(rows: readonly T[]): Map<string, T> {
  return new Map(rows.map((row) => [row._id, row]));
}
