import type { CoachThread } from '@meld/shared';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useDismiss } from '@/lib/use-dismiss.ts';
import { isMuted } from '../lib/thread-filter.ts';

const itemClass = 'flex w-full items-center rounded-lg px-3 py-2 text-left text-sm whitespace-nowrap text-ink hover:bg-sunken focus-visible:bg-sunken';

interface ThreadOptionsProps {
  thread: CoachThread;
  label: string;
  onPin: (pinned: boolean) => void;
  onMute: (muted: boolean) => void;
  onDelete: () => void;
}

/** Pin/Unpin chat and Mute for 7 days (spec 002 "Chat header"), and delete. */
export function ThreadOptions({ thread, label, onPin, onMute, onDelete }: ThreadOptionsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  const rootRef = useDismiss<HTMLDivElement>(open, close);
  const muted = isMuted(thread);
  const run = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => setOpen((value) => !value)}
        className="grid size-8 place-items-center rounded-full text-ink-faint hover:bg-sunken hover:text-ink"
      >
        <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
          <circle cx="4.5" cy="10" r="1.5" />
          <circle cx="10" cy="10" r="1.5" />
          <circle cx="15.5" cy="10" r="1.5" />
        </svg>
      </button>
      {open ? (
        <div id={menuId} role="menu" className="absolute top-full right-0 z-30 mt-1 min-w-44 animate-slide-up rounded-2xl border border-line bg-surface p-1.5 shadow-lift">
          <button type="button" role="menuitem" className={itemClass} onClick={run(() => onPin(!thread.isPinned))}>
            {t(thread.isPinned ? 'coachChats.options.unpin' : 'coachChats.options.pin')}
          </button>
          <button type="button" role="menuitem" className={itemClass} onClick={run(() => onMute(!muted))}>
            {t(muted ? 'coachChats.options.unmute' : 'coachChats.options.mute')}
          </button>
          <button type="button" role="menuitem" className={`${itemClass} text-danger`} onClick={run(onDelete)}>
            {t('coachChats.options.delete')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
