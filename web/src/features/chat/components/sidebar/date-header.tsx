import { useTranslation } from '@/lib/use-translation.ts';
import type { DateGroup } from '../../lib/date-groups.ts';
import { dateFormat } from '@/lib/date-format.ts';

export function useDateGroupLabel() {
  const { t, i18n } = useTranslation();
  return (group: DateGroup): string => {
    if (group.kind === 'month') return dateFormat(i18n.language, { month: 'long' }).format(new Date(group.year, group.month, 1));
    if (group.kind === 'year') return String(group.year);
    return t(`chat.dates.${group.kind}`);
  };
}

export function DateHeader({ label }: { label: string }) {
  return <h3 className="flex h-full items-end px-3 pb-1.5 font-sans text-xs font-semibold tracking-wider text-ink-faint uppercase">{label}</h3>;
}
