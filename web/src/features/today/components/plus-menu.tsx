import { useCallback, useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { useModelAvailability } from '@/lib/config-queries.ts';
import { useDismiss } from '@/lib/use-dismiss.ts';

const itemClass = 'flex w-full items-center rounded-lg px-3 py-2.5 text-left text-sm whitespace-nowrap text-ink hover:bg-sunken focus-visible:bg-sunken';

/** The top bar's "+" menu: a new reflection (the evening check-in), a fragment, or instant help when a real model answers it. */
export function PlusMenu({ onNewReflection }: { onNewReflection: () => void }) {
  const { t } = useTranslation();
  const instantHelp = useModelAvailability().chat;
  const [open, setOpen] = useState(false);
  const menuId = useId();

  const close = useCallback(() => setOpen(false), []);
  const rootRef = useDismiss<HTMLDivElement>(open, close);

  return (
    <div ref={rootRef} className="relative" data-tour="plus-menu">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('today.plus.label')}
        onClick={() => setOpen((value) => !value)}
        className="grid size-9 place-items-center rounded-full bg-accent text-accent-contrast shadow-soft transition-colors hover:bg-accent-strong"
      >
        <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <path d="M10 4v12M4 10h12" />
        </svg>
      </button>
      {open ? (
        <div id={menuId} role="menu" className="absolute top-full right-0 z-20 mt-2 min-w-52 animate-slide-up rounded-2xl border border-line bg-surface p-1.5 shadow-lift">
          <button
            type="button"
            role="menuitem"
            className={itemClass}
            onClick={() => {
              setOpen(false);
              onNewReflection();
            }}
          >
            {t('today.plus.newReflection')}
          </button>
          <Link role="menuitem" to="/fragments?capture=quick" className={itemClass}>
            {t('today.plus.newFragment')}
          </Link>
          {instantHelp ? (
            <Link role="menuitem" to="/c/new" className={itemClass}>
              {t('today.plus.instantHelp')}
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
