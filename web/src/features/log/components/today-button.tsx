import { LOG_LIMITS } from '@meld/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';

/** The timeline's "Today" button: appears after 1000 px of scroll and takes the reader back to the top (newest). Centred, clear of the quick-add button. */
export function TodayButton() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > LOG_LIMITS.todayButtonAfterPx);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      title={t('log.todayButton')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className="fixed bottom-6 left-1/2 z-30 -translate-x-1/2 rounded-full bg-ink px-4 py-2 text-sm font-medium text-canvas shadow-soft hover:bg-ink-soft focus-visible:outline-2 focus-visible:outline-focus"
    >
      ↑ {t('log.today')}
    </button>
  );
}
