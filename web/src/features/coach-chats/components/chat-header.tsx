import type { CoachThread, ContextChip } from '@meld/shared';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { formatDay } from '../lib/format.ts';
import { isMuted } from '../lib/thread-filter.ts';
import { ContextChips } from './context-chips.tsx';
import { ThreadOptions } from './thread-options.tsx';

interface ChatHeaderProps {
  thread: CoachThread;
  profileOpen: boolean;
  onToggleProfile: () => void;
  onPrivacy: () => void;
  onBack: () => void;
  onPin: (pinned: boolean) => void;
  onMute: (muted: boolean) => void;
  onDelete: () => void;
  onChips: (chips: ContextChip[]) => void;
}

/** The chat header of spec 002: AI profile and privacy buttons, title, context chips, pin and thread options. */
export function ChatHeader({ thread, profileOpen, onToggleProfile, onPrivacy, onBack, onPin, onMute, onDelete, onChips }: ChatHeaderProps) {
  const { t, i18n } = useTranslation();
  const [tag, setTag] = useState<string | null>(null);
  const addTag = () => {
    const value = (tag ?? '').trim().replace(/^#+/, '');
    setTag(null);
    if (value && !thread.contextChips.some((chip) => chip.kind === 'tag' && chip.id.toLowerCase() === value.toLowerCase())) onChips([...thread.contextChips, { kind: 'tag', id: value, label: value }]);
  };
  return (
    <header className="flex items-start gap-3 border-b border-line pb-3">
      <button type="button" onClick={onBack} className="mt-1.5 grid size-8 shrink-0 place-items-center rounded-full text-ink-soft hover:bg-sunken md:hidden" aria-label={t('coachChats.header.back')}>
        <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M12 4l-6 6 6 6" />
        </svg>
      </button>
      <button
        type="button"
        onClick={onToggleProfile}
        aria-pressed={profileOpen}
        aria-label={t('coachChats.header.profile')}
        className="grid size-11 shrink-0 place-items-center rounded-full bg-accent-soft font-serif text-sm font-semibold text-accent-strong ring-offset-2 ring-offset-canvas hover:ring-2 hover:ring-accent/30"
      >
        AI
      </button>
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <h2 className="truncate font-serif text-xl font-semibold text-ink">{thread.title}</h2>
          {thread.isPinned ? <span className="shrink-0 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-strong">{t('coachChats.list.pinned')}</span> : null}
        </div>
        {isMuted(thread) ? <p className="text-xs text-ink-faint">{t('coachChats.header.mutedUntil', { date: formatDay(thread.mutedUntil!, i18n.language) })}</p> : null}
        <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
          <ContextChips chips={thread.contextChips} onRemove={(removed) => onChips(thread.contextChips.filter((chip) => chip !== removed))} />
          {tag === null ? (
            <button type="button" onClick={() => setTag('')} className="rounded-full px-2 py-0.5 text-xs text-ink-faint hover:bg-sunken hover:text-ink">
              {t('coachChats.header.addTag')}
            </button>
          ) : (
            <input
              autoFocus
              value={tag}
              onChange={(event) => setTag(event.target.value)}
              onBlur={addTag}
              onKeyDown={(event) => {
                if (event.key === 'Enter') addTag();
                if (event.key === 'Escape') setTag(null);
              }}
              maxLength={40}
              aria-label={t('coachChats.header.addTag')}
              placeholder={t('coachChats.header.addTagPlaceholder')}
              className="h-6 w-28 rounded-full border border-line bg-surface px-2.5 text-xs text-ink focus:border-line-strong focus:outline-none"
            />
          )}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <button type="button" onClick={onPrivacy} aria-label={t('coachChats.header.privacy')} title={t('coachChats.header.privacy')} className="grid size-8 place-items-center rounded-full text-ink-faint hover:bg-sunken hover:text-ink">
          <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" aria-hidden="true">
            <path d="M10 2.5l6 2.5v4.5c0 3.8-2.6 6.6-6 8-3.4-1.4-6-4.2-6-8V5z" />
          </svg>
        </button>
        <ThreadOptions thread={thread} label={t('coachChats.header.options')} onPin={onPin} onMute={onMute} onDelete={onDelete} />
      </div>
    </header>
  );
}
