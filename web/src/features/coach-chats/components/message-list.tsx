import type { CoachMessage } from '@meld/shared';
import clsx from 'clsx';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import type { LiveTurn } from '../hooks/use-coach-stream.ts';
import { sourceNote } from '../lib/sources.ts';

interface MessageListProps {
  messages: CoachMessage[];
  live: LiveTurn | null;
  onThumbsUp: (message: CoachMessage) => void;
  onBookmark: (message: CoachMessage) => void;
}

function Bubble({ from, children }: { from: 'ai' | 'user'; children: React.ReactNode }) {
  return (
    <div className={clsx('flex', from === 'user' ? 'justify-end' : 'justify-start')}>
      <div className={clsx('max-w-[85%] rounded-3xl px-4 py-3 text-[0.95rem] leading-relaxed whitespace-pre-wrap', from === 'user' ? 'rounded-br-lg bg-accent text-accent-contrast' : 'rounded-bl-lg border border-line bg-surface text-ink shadow-soft')}>
        {children}
      </div>
    </div>
  );
}

const actionClass = 'inline-flex items-center gap-1 rounded-full px-2 py-1 text-xs text-ink-faint hover:bg-sunken hover:text-ink aria-pressed:text-accent-strong';

/** The conversation: the member's and the coach's messages, the reply streaming in, and per-reply actions. */
export function MessageList({ messages, live, onThumbsUp, onBookmark }: MessageListProps) {
  const { t, i18n } = useTranslation();
  const endRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, live?.reply]);

  return (
    <div className="flex flex-col gap-4" aria-live="polite">
      {messages.map((message) =>
        message.sender === 'user' ? (
          <Bubble key={message.id} from="user">
            {message.content}
          </Bubble>
        ) : (
          <div key={message.id} className="flex flex-col gap-1">
            <Bubble from="ai">{message.error ? <span className="text-danger">{t('coachChats.thread.replyFailedSaved')}</span> : message.content}</Bubble>
            <div className="flex flex-wrap items-center gap-1 pl-2">
              {message.sources ? <span className="mr-1 text-xs text-ink-faint italic">{sourceNote(message.sources, t, i18n.language)}</span> : null}
              {message.error ? null : (
                <>
                  <button type="button" className={actionClass} aria-pressed={message.reactions.thumbsUp} onClick={() => onThumbsUp(message)} aria-label={t(message.reactions.thumbsUp ? 'coachChats.thread.thumbsUpDone' : 'coachChats.thread.thumbsUp')}>
                    {/* A drawn thumb, not the emoji: machines without an emoji font showed an empty box. */}
                    <svg viewBox="0 0 20 20" className="size-3.5" fill={message.reactions.thumbsUp ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" aria-hidden="true">
                      <path d="M6.5 8.5v8h-3v-8zM6.5 8.5 9.5 2.5a2 2 0 0 1 2 2v3h4.2a1.5 1.5 0 0 1 1.5 1.8l-1.3 5.8a1.5 1.5 0 0 1-1.5 1.4H6.5" />
                    </svg>
                  </button>
                  <button type="button" className={actionClass} aria-pressed={message.bookmarkedFragmentId !== null} onClick={() => onBookmark(message)}>
                    <svg viewBox="0 0 20 20" className="size-3.5" fill={message.bookmarkedFragmentId ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" aria-hidden="true">
                      <path d="M5.5 3h9v14l-4.5-3.5L5.5 17z" />
                    </svg>
                    {t(message.bookmarkedFragmentId ? 'coachChats.thread.bookmarked' : 'coachChats.thread.bookmark')}
                  </button>
                </>
              )}
            </div>
          </div>
        ),
      )}
      {live ? (
        <>
          <Bubble from="user">{live.text}</Bubble>
          {live.error ? (
            <p role="alert" className="rounded-2xl border border-danger-line bg-danger-soft px-4 py-3 text-sm text-danger">
              {t('coachChats.thread.replyFailed', { message: live.error })}
            </p>
          ) : live.reply ? (
            <Bubble from="ai">{live.reply}</Bubble>
          ) : (
            <p className="flex items-center gap-2 pl-2 text-sm text-ink-faint">
              <span className="flex gap-1" aria-hidden="true">
                <span className="size-1.5 animate-pulse rounded-full bg-ink-faint" />
                <span className="size-1.5 animate-pulse rounded-full bg-ink-faint [animation-delay:150ms]" />
                <span className="size-1.5 animate-pulse rounded-full bg-ink-faint [animation-delay:300ms]" />
              </span>
              {t('coachChats.thread.typing')}
            </p>
          )}
        </>
      ) : null}
      <div ref={endRef} />
    </div>
  );
}
