import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button.tsx';
import { useDismiss } from '@/lib/use-dismiss.ts';
import { coachThreadsQuery } from '../api/fragments-queries.ts';

const itemClass = 'flex w-full items-center rounded-lg px-3 py-2.5 text-left text-sm text-ink hover:bg-sunken focus-visible:bg-sunken';
const THREADS_SHOWN = 5;

/**
 * Add to Chat: a new coach chat, or one of the member's recent threads, opened with the fragment
 * as a context chip (the chats page reads `fragment`, and `thread` for an existing one).
 */
export function AddToChatMenu({ fragmentId }: { fragmentId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  const rootRef = useDismiss<HTMLDivElement>(open, close);
  const threads = useQuery({ ...coachThreadsQuery(), enabled: open });
  const recent = (threads.data?.threads ?? []).slice(0, THREADS_SHOWN);
  const fragment = encodeURIComponent(fragmentId);

  return (
    <div ref={rootRef} className="relative">
      <Button variant="secondary" block aria-haspopup="menu" aria-expanded={open} aria-controls={open ? menuId : undefined} onClick={() => setOpen((value) => !value)}>
        {t('fragments.preview.addToChat')}
      </Button>
      {open ? (
        <div id={menuId} role="menu" aria-label={t('fragments.preview.addToChat')} className="absolute inset-x-0 bottom-full z-20 mb-2 animate-slide-up rounded-2xl border border-line bg-surface p-1.5 shadow-lift">
          {recent.map((thread) => (
            <Link key={thread.id} role="menuitem" to={`/chats?thread=${encodeURIComponent(thread.id)}&fragment=${fragment}`} className={itemClass}>
              <span className="truncate">{thread.title}</span>
            </Link>
          ))}
          {threads.isPending ? <p className="px-3 py-2 text-xs text-ink-faint">{t('fragments.preview.threadsLoading')}</p> : null}
          <Link role="menuitem" to={`/chats?fragment=${fragment}`} className={`${itemClass} font-medium text-accent`}>
            {t('fragments.preview.newChat')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
