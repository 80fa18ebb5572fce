import type { FragmentType } from '@meld/shared';
import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';

const tones: Record<FragmentType, string> = {
  quote: 'bg-accent-soft text-accent-strong',
  insight: 'bg-sage-soft text-ink',
  question: 'bg-warning-soft text-ink',
  todo: 'bg-sunken text-ink',
  general: 'bg-sunken text-ink-soft',
};

export function TypeBadge({ type, className }: { type: FragmentType; className?: string }) {
  const { t } = useTranslation();
  return <span className={clsx('inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium', tones[type], className)}>{t(`fragments.types.${type}`)}</span>;
}

export function PinIcon({ filled, className }: { filled: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={clsx('size-4', className)} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" aria-hidden="true">
      <path d="M7 2.5h6l-1 5 3 3H5l3-3-1-5zM10 10.5v7" />
    </svg>
  );
}
