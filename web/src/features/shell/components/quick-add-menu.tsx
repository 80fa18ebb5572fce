import { useCallback, useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link, useLocation } from 'react-router-dom';
import { useVoiceNotesAvailable } from '@/lib/speech/use-voice-notes-available.ts';
import { useDismiss } from '@/lib/use-dismiss.ts';

const itemClass = 'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm whitespace-nowrap text-ink hover:bg-sunken focus-visible:bg-sunken';

const ITEMS = [
  { id: 'newFragment', to: '/fragments?capture=quick', icon: 'M4 16.5 15.5 5a1.8 1.8 0 0 0-2.5-2.5L1.5 14v2.5H4z' },
  { id: 'eveningReflection', to: '/today?reflect=evening', icon: 'M15.5 12.5A6.5 6.5 0 0 1 7.5 4.5a6.5 6.5 0 1 0 8 8z' },
  { id: 'voiceNote', to: '/fragments?capture=voice', icon: 'M10 2a3 3 0 0 0-3 3v4a3 3 0 0 0 6 0V5a3 3 0 0 0-3-3zM4 9.5a6 6 0 0 0 12 0M10 15.5V18' },
] as const;

/** Whether the page shows the quick-add button: chat pages keep the corner for their composer. */
export function showsQuickAdd(pathname: string): boolean {
  return !(pathname.startsWith('/c/') || pathname === '/chats' || pathname.startsWith('/chats/'));
}

/**
 * The shell's floating quick-add (spec 002 section 2): New Fragment and Voice Note open the
 * fragments page's capture, Evening Reflection starts today's check-in.
 */
export function QuickAddMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const voiceNotes = useVoiceNotesAvailable();
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  const rootRef = useDismiss<HTMLDivElement>(open, close);
  // A voice note is offered only where the server can keep it (see useVoiceNotesAvailable).
  const items = ITEMS.filter((item) => item.id !== 'voiceNote' || voiceNotes);
  if (!showsQuickAdd(pathname)) return null;

  return (
    // data-quick-add: toasts rise above the button while it is on the page (components/ui/toast.tsx).
    <div ref={rootRef} data-quick-add className="fixed right-5 bottom-5 z-30 sm:right-8 sm:bottom-8">
      {open ? (
        <div id={menuId} role="menu" aria-label={t('shell.quickAdd.label')} className="absolute right-0 bottom-full mb-3 min-w-52 animate-slide-up rounded-2xl border border-line bg-surface p-1.5 shadow-lift">
          {items.map((item) => (
            <Link key={item.id} role="menuitem" to={item.to} className={itemClass} onClick={close}>
              <svg viewBox="0 0 20 20" className="size-4 shrink-0 text-accent" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                <path d={item.icon} />
              </svg>
              {t(`shell.quickAdd.${item.id}`)}
            </Link>
          ))}
        </div>
      ) : null}
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('shell.quickAdd.label')}
        onClick={() => setOpen((value) => !value)}
        className="grid size-14 place-items-center rounded-full bg-accent text-accent-contrast shadow-lift transition-[background-color,transform] hover:bg-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
      >
        <svg viewBox="0 0 20 20" className={`size-6 transition-transform ${open ? 'rotate-45' : ''}`} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <path d="M10 4v12M4 10h12" />
        </svg>
      </button>
    </div>
  );
}
