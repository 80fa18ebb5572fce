import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/messages/icons.tsx';
import { useUserSettings } from '@/lib/user-settings.ts';
import { useDraft } from '../../hooks/use-draft.ts';
import type { ModelChoiceState } from '../../hooks/use-model-choice.ts';
import { AttachButton, AttachmentChips } from './attachments-chips.tsx';
import { useAttachments, type MessageFile } from './attachments-state.ts';
import { ComposerTools } from './composer-tools.tsx';
import { DictationButton } from './dictation-button.tsx';
import { usePromptCommand } from './prompt-command.tsx';
import { UnavailableModelNotice } from './unavailable-model-notice.tsx';

interface ComposerProps {
  conversationId: string | null;
  models: ModelChoiceState;
  streaming: boolean;
  onSend: (text: string, files: MessageFile[]) => void;
  onStop: () => void;
}

const MAX_HEIGHT_PX = 320;

/**
 * The message box: grows with its text, Enter sends and Shift+Enter breaks the line (spec 000
 * section 4, enter-to-send on by default), a Stop button while a reply streams, the draft kept
 * when the save-drafts setting is on. Files attach with the paperclip, by dropping or by pasting;
 * sending waits for their uploads.
 */
export function Composer({ conversationId, models, streaming, onSend, onStop }: ComposerProps) {
  const { t } = useTranslation();
  const { enterToSend, saveDrafts } = useUserSettings();
  const { text, setText, clear } = useDraft(conversationId, saveDrafts);
  const ref = useRef<HTMLTextAreaElement>(null);
  const attachments = useAttachments(models.choice?.endpoint ?? null, conversationId);
  const [dragging, setDragging] = useState(false);
  const slash = usePromptCommand(text, setText, ref);
  const canSend = text.trim().length > 0 && !streaming && !!models.choice && !attachments.uploading;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);

  const submit = () => {
    if (!canSend) return;
    onSend(text.trim(), attachments.take());
    clear();
  };

  return (
    <form
      className={clsx('relative rounded-2xl border bg-surface shadow-soft transition-colors focus-within:border-accent focus-within:ring-4 focus-within:ring-accent/10', dragging ? 'border-accent ring-4 ring-accent/15' : 'border-line-strong')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      onDragOver={(event) => {
        if (!attachments.enabled || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        setDragging(false);
        if (!event.dataTransfer.files.length) return;
        // Never let the browser open a dropped file in place of the chat.
        event.preventDefault();
        if (attachments.enabled) attachments.add([...event.dataTransfer.files]);
      }}
    >
      {slash.element}
      <UnavailableModelNotice unavailable={models.unavailable} />
      <AttachmentChips items={attachments.items} onRemove={attachments.remove} />
      <textarea
        ref={ref}
        rows={1}
        aria-label={t('chat.composer.label')}
        {...slash.inputProps}
        placeholder={t('chat.composer.placeholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onPaste={(event) => {
          const files = [...event.clipboardData.files];
          if (!files.length || !attachments.enabled) return;
          event.preventDefault();
          attachments.add(files);
        }}
        onKeyDown={(event) => {
          if (slash.onKeyDown(event)) return;
          if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
          // With enter-to-send off, Enter breaks the line and Ctrl/Cmd+Enter sends.
          if (!enterToSend && !event.ctrlKey && !event.metaKey) return;
          event.preventDefault();
          submit();
        }}
        className="block max-h-80 w-full resize-none bg-transparent px-4 pt-3.5 pb-1 text-[1rem] leading-relaxed text-ink outline-none placeholder:text-ink-faint"
      />
      <div className="flex items-center justify-between gap-2 px-2 pb-2">
        <div className="flex min-w-0 items-center gap-0.5">
          <AttachButton enabled={attachments.enabled} accept={attachments.accept} onFiles={attachments.add} disabled={!models.choice} />
          <ComposerTools state={models} disabled={streaming} />
        </div>
        <DictationButton text={text} onText={setText} onAutoSend={submit} disabled={streaming} />
        {streaming ? (
          <button type="button" onClick={onStop} aria-label={t('chat.composer.stop')} title={t('chat.composer.stop')} className="grid size-9 shrink-0 place-items-center rounded-full border border-line-strong bg-surface text-ink transition-colors hover:bg-sunken focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus">
            <Icon name="stop" className="size-4" />
          </button>
        ) : (
          <button type="submit" disabled={!canSend} aria-label={t('chat.composer.send')} title={attachments.uploading ? t('attachments.waiting') : t('chat.composer.send')} className="grid size-9 shrink-0 place-items-center rounded-full bg-accent text-accent-contrast shadow-soft transition-colors hover:bg-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:bg-line-strong disabled:text-surface disabled:shadow-none">
            <Icon name="send" className="size-4" />
          </button>
        )}
      </div>
    </form>
  );
}
