import type { CoachThread, ContextChip } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { preloadWhenSignedIn, revalidateOnSearch } from '@/lib/route-data-preload.ts';
import { coachMessagesQuery, coachThreadsQuery, useBookmark, useCreateThread, useDeleteThread, useReact, useUpdateThread } from '../api/coach-queries.ts';
import { ChatHeader } from '../components/chat-header.tsx';
import { CoachComposer } from '../components/coach-composer.tsx';
import { CoachProfilePanel, CoachUnavailable, DataUsageDialog } from '../components/coach-profile.tsx';
import { MessageList } from '../components/message-list.tsx';
import { ThreadList } from '../components/thread-list.tsx';
import { useCoachStream } from '../hooks/use-coach-stream.ts';
import { useFocusToggle } from '../hooks/use-focus-toggle.ts';
import { useFragmentLink } from '../hooks/use-fragment-link.ts';
import { chipInputs } from '../lib/chips.ts';
import { filterThreads } from '../lib/thread-filter.ts';

/** Asks for the threads as the session is restored (route-data-preload.ts). */
export function loader(): null {
  return preloadWhenSignedIn((queryClient) => void queryClient.prefetchQuery(coachThreadsQuery()));
}

/** Nothing in the address changes what the loader asks for: it runs once per visit. */
export const shouldRevalidate = revalidateOnSearch();

/** /chats (spec 002 "Chats screen"): the thread list, the conversation with the coach, and its profile panel. */
export function Component() {
  const { t } = useTranslation();
  const threadsQuery = useQuery(coachThreadsQuery());
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('thread');
  const [search, setSearch] = useState('');
  const [profileOpen, setProfileOpen] = useState(false);
  const [dataUsageOpen, setDataUsageOpen] = useState(false);
  const [deleting, setDeleting] = useState<CoachThread | null>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const listRef = useRef<HTMLElement>(null);
  const createThread = useCreateThread();
  const updateThread = useUpdateThread();
  const deleteThread = useDeleteThread();

  const threads = threadsQuery.data?.threads;
  const available = threadsQuery.data?.coachAvailable ?? false;
  const shown = useMemo(() => filterThreads(threads ?? [], search), [threads, search]);
  const selected = threads?.find((thread) => thread.id === selectedId) ?? null;
  useFragmentLink(threads, available);
  useFocusToggle(composerRef, listRef);

  const select = (id: string | null) => setParams(id ? { thread: id } : {}, { replace: false });
  const newChat = () => createThread.mutate([], { onSuccess: (thread) => (select(thread.id), requestAnimationFrame(() => composerRef.current?.focus())) });
  const pin = (thread: CoachThread, isPinned: boolean) => updateThread.mutate({ id: thread.id, change: { isPinned } });
  const mute = (thread: CoachThread, muted: boolean) => updateThread.mutate({ id: thread.id, change: { muted } });
  const setChips = (thread: CoachThread, chips: ContextChip[]) => updateThread.mutate({ id: thread.id, change: { contextChips: chipInputs(chips) } });
  const confirmDelete = () => {
    if (!deleting) return;
    deleteThread.mutate(deleting.id, { onSuccess: () => (setDeleting(null), deleting.id === selectedId && select(null)) });
  };

  if (threadsQuery.isPending) {
    return (
      <div className="grid min-h-[50vh] place-items-center">
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (threadsQuery.isError) {
    return (
      <div className="mx-auto mt-10 max-w-md text-center">
        <p className="text-ink-soft">{t('coachChats.list.loadError')}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void threadsQuery.refetch()}>
          {t('coachChats.list.retry')}
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto flex h-full w-full max-w-[96rem] flex-col px-4 pt-2 pb-4 sm:px-6">
      <div className={clsx('mb-4', selected && 'max-md:hidden')}>
        <h1 className="font-serif text-4xl leading-tight font-semibold text-ink">{t('coachChats.title')}</h1>
        <p className="mt-1 text-lg text-ink-soft">{t('coachChats.subtitle')}</p>
      </div>
      {!available ? (
        <CoachUnavailable />
      ) : (
        <div className="grid min-h-0 flex-1 grid-cols-1 gap-6 md:grid-cols-[17rem_minmax(0,1fr)] lg:grid-cols-[19rem_minmax(0,1fr)]">
          <div className={clsx('min-h-0 min-w-0', selected && 'max-md:hidden')}>
            <ThreadList
              threads={shown}
              total={threads?.length ?? 0}
              search={search}
              onSearch={setSearch}
              selectedId={selectedId}
              onSelect={select}
              onNewChat={newChat}
              creating={createThread.isPending}
              onPin={pin}
              onMute={mute}
              onDelete={setDeleting}
              listRef={listRef}
            />
          </div>
          <div className={clsx('relative min-h-0 min-w-0', !selected && 'max-md:hidden')}>
            {selected ? (
              <Conversation
                key={selected.id}
                thread={selected}
                composerRef={composerRef}
                profileOpen={profileOpen}
                onToggleProfile={() => setProfileOpen((open) => !open)}
                onPrivacy={() => setDataUsageOpen(true)}
                onBack={() => select(null)}
                onPin={(value) => pin(selected, value)}
                onMute={(value) => mute(selected, value)}
                onDelete={() => setDeleting(selected)}
                onChips={(chips) => setChips(selected, chips)}
              />
            ) : (
              <div className="grid h-full min-h-64 place-items-center rounded-3xl border border-dashed border-line p-8 text-center text-ink-soft">{t('coachChats.thread.pick')}</div>
            )}
            {/* Over the conversation, beside its header: the thread stays readable behind it. */}
            {profileOpen && selected ? (
              <div className="absolute top-16 right-0 z-20 w-full max-w-sm animate-slide-up max-md:fixed max-md:inset-x-4 max-md:top-20 max-md:mx-auto max-md:w-auto">
                <CoachProfilePanel onClose={() => setProfileOpen(false)} onDataUsage={() => setDataUsageOpen(true)} />
              </div>
            ) : null}
          </div>
        </div>
      )}
      <DataUsageDialog open={dataUsageOpen} onOpenChange={setDataUsageOpen} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('coachChats.options.delete')}
        body={deleting?.title ?? ''}
        confirmLabel={t('coachChats.options.delete')}
        onConfirm={confirmDelete}
        pending={deleteThread.isPending}
      />
    </div>
  );
}

interface ConversationProps {
  thread: CoachThread;
  composerRef: React.RefObject<HTMLTextAreaElement | null>;
  profileOpen: boolean;
  onToggleProfile: () => void;
  onPrivacy: () => void;
  onBack: () => void;
  onPin: (pinned: boolean) => void;
  onMute: (muted: boolean) => void;
  onDelete: () => void;
  onChips: (chips: ContextChip[]) => void;
}

function Conversation({ thread, composerRef, ...header }: ConversationProps) {
  const { t } = useTranslation();
  const messages = useQuery(coachMessagesQuery(thread.id));
  const stream = useCoachStream(thread.id);
  const react = useReact(thread.id);
  const bookmark = useBookmark(thread.id);
  const updateThread = useUpdateThread();
  const { mutate: markRead } = updateThread;

  // Opening a thread (or a reply arriving while it is open) reads it.
  useEffect(() => {
    if (thread.unread) markRead({ id: thread.id, change: { read: true } });
  }, [thread.id, thread.unread, markRead]);

  const list = messages.data ?? [];
  const send = (text: string) => void stream.send(text, list.at(-1)?.id);

  return (
    <section aria-label={thread.title} className="flex h-full min-h-[60vh] flex-col gap-4">
      <ChatHeader thread={thread} {...header} />
      <div className="min-h-0 flex-1 overflow-y-auto pr-1">
        {messages.isPending ? (
          <Spinner label={t('loading')} />
        ) : messages.isError ? (
          <p className="text-ink-soft">{t('coachChats.thread.loadError')}</p>
        ) : list.length === 0 && !stream.live ? (
          <p className="mx-auto mt-8 max-w-md text-center text-ink-soft">{t('coachChats.thread.empty')}</p>
        ) : (
          <MessageList
            messages={list}
            live={stream.live}
            onThumbsUp={(message) => react.mutate({ messageId: message.id, thumbsUp: !message.reactions.thumbsUp })}
            onBookmark={(message) => bookmark.mutate(message.id)}
          />
        )}
      </div>
      <CoachComposer onSend={send} disabled={stream.sending} textareaRef={composerRef} />
    </section>
  );
}
