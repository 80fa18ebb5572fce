import type { CoachThread } from '@meld/shared';
import clsx from 'clsx';
import type { RefObject } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { formatActivity } from '../lib/format.ts';
import { isMuted } from '../lib/thread-filter.ts';
import { ThreadOptions } from './thread-options.tsx';

interface ThreadListProps {
  threads: CoachThread[];
  total: number;
  search: string;
  onSearch: (search: string) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onNewChat: () => void;
  creating: boolean;
  onPin: (thread: CoachThread, pinned: boolean) => void;
  onMute: (thread: CoachThread, muted: boolean) => void;
  onDelete: (thread: CoachThread) => void;
  listRef: RefObject<HTMLElement | null>;
}

/** The left column: search, New Chat, and the threads (pinned first, then the latest). */
export function ThreadList({ threads, total, search, onSearch, selectedId, onSelect, onNewChat, creating, onPin, onMute, onDelete, listRef }: ThreadListProps) {
  const { t, i18n } = useTranslation();
  return (
    <nav ref={listRef} tabIndex={-1} aria-label={t('coachChats.list.label')} className="flex min-h-0 flex-col gap-3 focus:outline-none">
      <div className="flex items-center gap-2">
        <Input type="search" value={search} onChange={(event) => onSearch(event.target.value)} placeholder={t('coachChats.list.searchPlaceholder')} aria-label={t('coachChats.list.search')} className="h-10 flex-1" />
        <Button size="sm" onClick={onNewChat} loading={creating}>
          {t('coachChats.list.newChat')}
        </Button>
      </div>
      {total === 0 ? <p className="rounded-2xl border border-dashed border-line px-4 py-6 text-sm text-ink-soft">{t('coachChats.list.empty')}</p> : null}
      {total > 0 && threads.length === 0 ? <p className="px-1 py-4 text-sm text-ink-soft">{t('coachChats.list.noMatch', { search })}</p> : null}
      <ul className="flex min-h-0 flex-col gap-1 overflow-y-auto">
        {threads.map((thread) => {
          const selected = thread.id === selectedId;
          const muted = isMuted(thread);
          return (
            <li key={thread.id} className={clsx('group relative flex items-start rounded-2xl border transition-colors', selected ? 'border-line-strong bg-surface shadow-soft' : 'border-transparent hover:bg-surface/70')}>
              <button type="button" data-thread-item aria-current={selected ? 'true' : undefined} onClick={() => onSelect(thread.id)} className="min-w-0 flex-1 rounded-2xl px-3 py-2.5 text-left focus-visible:outline-2 focus-visible:outline-focus">
                <span className="flex items-center gap-1.5">
                  {thread.unread ? <span className="size-2 shrink-0 rounded-full bg-accent" title={t('coachChats.list.unread')} /> : null}
                  <span className={clsx('truncate font-serif text-[1.02rem] text-ink', thread.unread ? 'font-bold' : 'font-semibold')}>{thread.title}</span>
                  {thread.isPinned ? <span className="shrink-0 text-xs text-accent">{t('coachChats.list.pinned')}</span> : null}
                  {muted ? <span className="shrink-0 text-xs text-ink-faint">{t('coachChats.list.muted')}</span> : null}
                </span>
                <span className="mt-0.5 flex items-baseline justify-between gap-2 text-sm text-ink-soft">
                  <span className="truncate">
                    {thread.lastMessage ? (
                      <>
                        {thread.lastSender === 'user' ? t('coachChats.list.you') : null}
                        {thread.lastMessage}
                      </>
                    ) : null}
                  </span>
                  <time dateTime={thread.lastActivity} className="shrink-0 text-xs text-ink-faint">
                    {formatActivity(thread.lastActivity, i18n.language)}
                  </time>
                </span>
              </button>
              <div className="pt-2 pr-1.5">
                <ThreadOptions thread={thread} label={t('coachChats.list.options', { title: thread.title })} onPin={(pinned) => onPin(thread, pinned)} onMute={(value) => onMute(thread, value)} onDelete={() => onDelete(thread)} />
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
