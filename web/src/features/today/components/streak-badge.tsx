import { COMPASS } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';

/** "N-day streak" from 3 consecutive days with a compass (the view counts them). */
export function StreakBadge({ streak }: { streak: number }) {
  const { t } = useTranslation();
  if (streak < COMPASS.streakBadgeMin) return null;
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-accent/30 bg-accent-soft px-3 py-1 text-sm font-medium text-accent">
      <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
        <path d="M10.6 2.2c.3 2.4-1 3.9-2.3 5.3C7 8.9 5.8 10.3 5.8 12.4a4.2 4.2 0 0 0 8.4.3c.1-1.5-.5-2.7-1.2-3.6-.2 1-.8 1.8-1.6 2.1.5-2.8-.2-6.2-.8-9Z" />
      </svg>
      {t('today.compass.streak', { count: streak })}
    </span>
  );
}
