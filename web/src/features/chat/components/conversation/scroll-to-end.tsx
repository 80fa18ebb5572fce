import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Icon } from '@/components/messages/icons.tsx';

/** Further from the end than this, the reader has scrolled up on purpose. */
const AWAY_FROM_END_PX = 320;

function awayFromEnd(): boolean {
  const root = document.documentElement;
  return root.scrollHeight - (window.scrollY + window.innerHeight) > AWAY_FROM_END_PX;
}

/** A round button above the composer that returns to the newest message (the scroll-button setting). */
export function ScrollToEnd() {
  const { t } = useTranslation();
  const [away, setAway] = useState(awayFromEnd);

  useEffect(() => {
    const update = () => setAway(awayFromEnd());
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  if (!away) return null;
  return (
    <button
      type="button"
      aria-label={t('chat.conversation.scrollToEnd')}
      title={t('chat.conversation.scrollToEnd')}
      onClick={() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'smooth' })}
      className={clsx(
        'absolute -top-3 left-1/2 grid size-9 -translate-x-1/2 animate-fade-in place-items-center rounded-full border border-line-strong bg-surface text-ink-soft shadow-lift',
        'hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
      )}
    >
      <Icon name="send" className="size-4 rotate-180" />
    </button>
  );
}
