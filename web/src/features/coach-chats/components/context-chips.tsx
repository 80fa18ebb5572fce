import type { ContextChip } from '@meld/shared';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { truncateChip, visibleChips } from '../lib/chips.ts';

const chipClass = 'inline-flex max-w-full items-center gap-1 rounded-full whitespace-nowrap border border-line bg-sunken px-2.5 py-0.5 text-xs font-medium text-ink-soft';

function ChipText({ chip }: { chip: ContextChip }) {
  const { t } = useTranslation();
  if (chip.kind === 'tag') return <span title={`#${chip.label}`}>{truncateChip(`#${chip.label}`)}</span>;
  return (
    <span title={chip.label}>
      <span className="text-accent">{t('coachChats.header.fragmentChip')}</span> {truncateChip(chip.label)}
    </span>
  );
}

interface ContextChipsProps {
  chips: ContextChip[];
  onRemove?: (chip: ContextChip) => void;
}

/** #tags and Fragment chips: 2 shown plus a count that opens the rest (spec 002 section 3). */
export function ContextChips({ chips, onRemove }: ContextChipsProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const { shown, more } = expanded ? { shown: chips, more: 0 } : visibleChips(chips);
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label={t('coachChats.header.chips')}>
      {shown.map((chip) => (
        <li key={`${chip.kind}:${chip.id}`} className={chipClass}>
          <ChipText chip={chip} />
          {onRemove ? (
            <button type="button" className="-mr-1 rounded-full px-1 text-ink-faint hover:text-ink" aria-label={t('coachChats.header.removeChip', { label: chip.kind === 'tag' ? `#${chip.label}` : chip.label })} onClick={() => onRemove(chip)}>
              ×
            </button>
          ) : null}
        </li>
      ))}
      {more > 0 ? (
        <li>
          <button type="button" className={`${chipClass} hover:border-line-strong`} onClick={() => setExpanded(true)}>
            {t('coachChats.header.moreChips', { count: more })}
          </button>
        </li>
      ) : null}
    </ul>
  );
}
