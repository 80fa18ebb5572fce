import { monthsBetween } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { shiftMonth, shortMonthLabel } from '../lib/log-format.ts';

interface MonthPickerProps {
  month: string;
  firstMonth: string;
  lastMonth: string;
  onChange: (month: string) => void;
}

/** From the month of the first entry to now, with a step either way. */
export function MonthPicker({ month, firstMonth, lastMonth, onChange }: MonthPickerProps) {
  const { t, i18n } = useTranslation();
  const months = monthsBetween(firstMonth < month ? firstMonth : month, lastMonth > month ? lastMonth : month);
  const step = 'grid size-9 place-items-center rounded-lg text-ink-soft hover:bg-sunken hover:text-ink disabled:text-ink-faint disabled:hover:bg-transparent';
  return (
    <div className="flex items-center gap-1">
      <button type="button" className={step} aria-label={t('log.month.previous')} disabled={month <= firstMonth} onClick={() => onChange(shiftMonth(month, -1))}>
        ‹
      </button>
      <select
        aria-label={t('log.month.label')}
        value={month}
        onChange={(event) => onChange(event.target.value)}
        className="h-9 rounded-lg border border-line-strong bg-surface px-2 text-sm font-semibold tracking-wide text-ink uppercase"
      >
        {months.map((item) => (
          <option key={item} value={item}>
            {shortMonthLabel(item, i18n.language)}
          </option>
        ))}
      </select>
      <button type="button" className={step} aria-label={t('log.month.next')} disabled={month >= lastMonth} onClick={() => onChange(shiftMonth(month, 1))}>
        ›
      </button>
    </div>
  );
}
