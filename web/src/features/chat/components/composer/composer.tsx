import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Icon } from '@/components/messages/icons.tsx';
import { formatBytes } from '@/lib/format-bytes.ts';
import { useAutoGrow } from '@/lib/use-auto-grow.ts';
import { useUserSettings } from '@/lib/user-settings.ts';
import { userKeysQuery } from '../../api/composer-queries.ts';
import { useDraft, type DraftFile } from '../../hooks/use-draft.ts';
import type { ModelChoiceState } from '../../hooks/use-model-choice.ts';
import type { SendOutcome } from '../../lib/send-outcome.ts';
import { AttachButton, AttachmentChips } from './attachments-chips.tsx';
import { readyFiles, useAttachments, type MessageFile } from './attachments-state.ts';
import { ComposerTools } from './composer-tools.tsx';
import { DictationButton } from './dictation-button.tsx';
import { usePromptCommand } from './prompt-command.tsx';
import { sendWarnings } from './send-checks.ts';
import { SendRefusal, SendWarnings } from './send-warnings.tsx';
import { UnavailableModelNotice } from './unavailable-model-notice.tsx';

/** What a send came to; nothing (an older sender) counts as accepted. */
type SendResult = SendOutcome | void;

interface ComposerProps {
  conversationId: string | null;
  models: ModelChoiceState;
  streaming: boolean;
  onSend: (text: string, files: MessageFile[]) => SendResult | Promise<SendResult>;
  onStop: () => void;
}

const sameFiles = (a: readonly DraftFile[], b: readonly DraftFile[]) => a.length === b.length && a.every((file, index) => file.file_id === b[index]?.file_id);

const MAX_HEIGHT_PX = 320;

/**
 * The message box: grows with its text, Enter sends and Shift+Enter breaks the line (spec 000
 * section 4, enter-to-send on by default), a Stop button while a reply streams, the draft (text and
 * files) kept when the save-drafts setting is on. Files attach with the paperclip, by dropping or
 * by pasting; sending waits for their uploads. Each conversation has its own draft.
 */
export function Composer(props: ComposerProps) {
  return <ConversationComposer key={props.conversationId ?? 'new'} {...props} />;
}

function ConversationComposer({ conversationId, models, streaming, onSend, onStop }: ComposerProps) {
  const { t, i18n } = useTranslation();
  const { enterToSend, saveDrafts } = useUserSettings();
  const draft = useDraft(conversationId, saveDrafts);
  const { text, setText } = draft;
  const ref = useRef<HTMLTextAreaElement>(null);
  const attachments = useAttachments(models.choice?.endpoint ?? null, conversationId, { initial: draft.files, keepUnsent: saveDrafts });
  const [dragging, setDragging] = useState(false);
  const slash = usePromptCommand(text, setText, ref);
  const warningsId = useId();
  const choice = models.choice;
  const endpoint = choice ? models.endpoints?.[choice.endpoint] : undefined;
  const keys = useQuery({ ...userKeysQuery, enabled: !!endpoint?.userProvide });
  const warnings = useMemo(
    () => sendWarnings({ choice, endpoints: models.endpoints, items: attachments.items, rules: attachments.rules, keys: keys.data?.keys, formatSize: (bytes) => formatBytes(bytes, i18n.language) }),
    [choice, models.endpoints, attachments.items, attachments.rules, keys.data, i18n.language],
  );
  const blocked = warnings.length > 0;
  const canSend = text.trim().length > 0 && !streaming && !!choice && !attachments.uploading && !blocked;

  // The draft follows the attached files (uploads done, chips removed) and gives back the files of
  // a refused send; each side writes only when the other differs, so neither undoes the other.
  const ready = useMemo(() => readyFiles(attachments.items), [attachments.items]);
  const lastReady = useRef(ready);
  const { files: draftFiles, setFiles: setDraftFiles } = draft;
  useEffect(() => {
    if (lastReady.current === ready) return;
    lastReady.current = ready;
    if (!sameFiles(ready, draftFiles)) setDraftFiles(ready);
  }, [ready, draftFiles, setDraftFiles]);
  const { restore } = attachments;
  useEffect(() => restore(draftFiles), [draftFiles, restore]);

  const grow = useAutoGrow(ref, text, MAX_HEIGHT_PX);

  /**
   * The box empties at once; a send refused before the server saved it (or lost to the network)
   * puts the draft back with why, and Retry sends it again.
   */
  const submit = () => {
    if (!canSend) return;
    const sent = { text: text.trim(), files: attachments.take() };
    const { clear, accepted, refused } = draft;
    clear();
    void Promise.resolve()
      .then(() => onSend(sent.text, sent.files))
      .then((outcome) => (outcome && !outcome.accepted ? refused(sent, outcome.error) : accepted()))
      .catch(() => refused(sent, { code: 'network', message: '' }));
  };

  return (
    <form
      className={clsx('relative rounded-2xl border bg-surface shadow-soft transition-colors focus-within:border-accent focus-within:ring-4 focus-within:ring-accent/10', dragging ? 'border-accent ring-4 ring-accent/15' : 'border-line-strong')}
      onSubmit={(event) => {
        event.preventDefault();
        // A dialog opened from the toolbar (the key, a preset) is portalled out of this form, but
        // React still bubbles its submit here: only this form's own submit sends.
        if (event.target === event.currentTarget) submit();
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
      {draft.refusal ? (
        <SendRefusal refusal={draft.refusal} canRetry={canSend} onRetry={submit} onDismiss={draft.dismissRefusal} keyEndpoint={choice && endpoint?.userProvide ? { endpoint: choice.endpoint, label: endpoint.label } : null} />
      ) : null}
      <SendWarnings id={warningsId} warnings={warnings} model={choice?.model ?? ''} onRemove={(ids) => ids.forEach(attachments.remove)} onChooseModel={(model) => choice && models.choose(choice.endpoint, model)} />
      <AttachmentChips items={attachments.items} onRemove={attachments.remove} />
      <textarea
        ref={ref}
        rows={1}
        style={grow}
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
        className="block w-full resize-none bg-transparent px-4 pt-3.5 pb-1 text-[1rem] leading-relaxed text-ink outline-none placeholder:text-ink-faint"
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
          <button
            type="submit"
            disabled={!canSend}
            aria-label={t('chat.composer.send')}
            aria-describedby={blocked ? warningsId : undefined}
            title={blocked ? t('sendChecks.blocked') : attachments.uploading ? t('attachments.waiting') : t('chat.composer.send')}
            className="grid size-9 shrink-0 place-items-center rounded-full bg-accent text-accent-contrast shadow-soft transition-colors hover:bg-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:bg-line-strong disabled:text-surface disabled:shadow-none">
            <Icon name="send" className="size-4" />
          </button>
        )}
      </div>
    </form>
  );
}
