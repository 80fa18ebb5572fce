import { COACH_CHAT_LIMITS } from '@meld/shared';
import clsx from 'clsx';
import { useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { counterState, sendable } from '../lib/composer-rules.ts';

interface CoachComposerProps {
  onSend: (text: string) => void;
  disabled: boolean;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** At most 500 characters; Enter sends, Shift+Enter adds a line; the counter shows after 120, warns above 400. */
export function CoachComposer({ onSend, disabled, textareaRef }: CoachComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const counter = counterState(text.length);

  const submit = () => {
    if (disabled || !sendable(text)) return;
    onSend(text.trim());
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className="rounded-2xl border border-line bg-surface p-2 shadow-soft focus-within:border-line-strong"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <textarea
        ref={textareaRef}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={COACH_CHAT_LIMITS.messageMax}
        rows={2}
        aria-label={t('coachChats.composer.label')}
        aria-describedby="coach-composer-hint"
        placeholder={t('coachChats.composer.placeholder')}
        className="block max-h-48 min-h-14 w-full resize-none bg-transparent px-2 py-1.5 text-[0.95rem] leading-relaxed text-ink placeholder:text-ink-faint focus:outline-none"
      />
      <div className="flex items-center justify-between gap-3 px-2 pt-1">
        <p id="coach-composer-hint" className="truncate text-xs text-ink-faint max-sm:sr-only">
          {t('coachChats.composer.hint')} · {t('coachChats.composer.shortcut', { keys: isMac ? '⌘⌥C' : 'Ctrl+Alt+C' })}
        </p>
        <div className="flex shrink-0 items-center gap-3">
          {counter === 'hidden' ? null : (
            <span data-testid="composer-counter" data-state={counter} className={clsx('text-xs tabular-nums', counter === 'warning' ? 'font-semibold text-warning' : 'text-ink-faint')}>
              {t('coachChats.composer.counter', { used: String(text.length), limit: String(COACH_CHAT_LIMITS.messageMax) })}
            </span>
          )}
          <button
            type="submit"
            disabled={disabled || !sendable(text)}
            className="grid size-9 place-items-center rounded-full bg-accent text-accent-contrast shadow-soft transition-colors hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-40"
            aria-label={t('coachChats.composer.send')}
          >
            <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              <path d="M10 16V4M5 9l5-5 5 5" />
            </svg>
          </button>
        </div>
      </div>
    </form>
  );
}
