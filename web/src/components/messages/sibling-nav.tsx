import { useTranslation } from '@/lib/use-translation.ts';
import { Icon } from './icons.tsx';

interface SiblingNavProps {
  index: number;
  count: number;
  onSelect: (index: number) => void;
}

/** "2 / 3" with previous and next, disabled at the ends; hidden for a message without siblings. */
export function SiblingNav({ index, count, onSelect }: SiblingNavProps) {
  const { t } = useTranslation();
  if (count < 2) return null;
  const button = 'grid size-7 place-items-center rounded-md text-ink-soft hover:bg-sunken hover:text-ink disabled:pointer-events-none disabled:opacity-35';
  return (
    <div role="group" aria-label={t('messages.siblings.label')} className="flex items-center gap-0.5 text-xs text-ink-faint tabular-nums">
      <button type="button" className={button} disabled={index <= 0} onClick={() => onSelect(index - 1)} aria-label={t('messages.siblings.previous')}>
        <Icon name="chevronLeft" className="size-3.5" />
      </button>
      <span aria-live="polite">{t('messages.siblings.position', { current: String(index + 1), total: String(count) })}</span>
      <button type="button" className={button} disabled={index >= count - 1} onClick={() => onSelect(index + 1)} aria-label={t('messages.siblings.next')}>
        <Icon name="chevronRight" className="size-3.5" />
      </button>
    </div>
  );
}
