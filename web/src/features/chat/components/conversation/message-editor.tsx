import type { Message } from '@meld/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { useAutoGrow } from '@/lib/use-auto-grow.ts';
import { useUpdateMessage } from '../../api/message-mutations.ts';
import { editCommandFor } from '../../lib/edit-shortcuts.ts';

/** What the editor edits: the first text part of a reply made of parts, else the message text. */
export function editableText(message: Message): { text: string; index?: number } {
  const index = message.content?.findIndex((part) => part.type === 'text') ?? -1;
  if (index < 0) return { text: message.text };
  const value = message.content![index]!.text;
  const text = typeof value === 'string' ? value : ((value as { value?: string } | undefined)?.value ?? '');
  return { text, index };
}

const isApple = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

const EDITOR_MAX_HEIGHT_PX = 480;

interface MessageEditorProps {
  message: Message;
  onDone: () => void;
  /** "Save & submit" for a user message: the text goes out as a new sibling and gets a reply. */
  onSubmit?: (text: string) => void;
}

/**
 * Inline message editing: Save writes the text in place (Ctrl/Cmd+S), Save & submit sends it as a
 * new version of the message (Ctrl/Cmd+Enter), Esc cancels.
 */
export function MessageEditor({ message, onDone, onSubmit }: MessageEditorProps) {
  const { t } = useTranslation();
  const original = editableText(message);
  const [text, setText] = useState(original.text);
  const update = useUpdateMessage();
  const ref = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  // Grows with its text up to a comfortable height, then scrolls.
  const grow = useAutoGrow(ref, text, EDITOR_MAX_HEIGHT_PX);

  const canSave = text.trim().length > 0 && !update.isPending;
  const save = () => {
    if (!canSave) return;
    if (text.trim() === original.text.trim()) return onDone();
    update.mutate({ message, text: text.trim(), index: original.index }, { onSuccess: onDone });
  };

  const submit = () => {
    if (!onSubmit || !text.trim() || update.isPending) return;
    onSubmit(text.trim());
    onDone();
  };

  return (
    <div className="w-full">
      <textarea
        ref={ref}
        aria-label={t('chat.edit.label')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          const command = editCommandFor(event.nativeEvent);
          if (command === 'cancel') {
            event.preventDefault();
            onDone();
          } else if (command === 'save') {
            event.preventDefault();
            save();
          } else if (command === 'saveAndSubmit' && onSubmit) {
            event.preventDefault();
            submit();
          }
        }}
        rows={3}
        style={grow}
        className="block min-h-[calc(3lh+1.5rem+2px)] w-full resize-none rounded-xl border border-line-strong bg-surface px-4 py-3 text-[0.98rem] leading-relaxed text-ink outline-none focus:border-accent focus:ring-4 focus:ring-accent/15"
      />
      <div className="mt-2 flex flex-wrap items-center justify-end gap-2">
        <span className="mr-auto text-xs text-ink-faint">{t(onSubmit ? 'chat.edit.hintSubmit' : 'chat.edit.hint', { mod: isApple() ? '⌘' : 'Ctrl' })}</span>
        <Button variant="ghost" size="sm" onClick={onDone} disabled={update.isPending}>
          {t('chat.cancel')}
        </Button>
        <Button variant={onSubmit ? 'secondary' : 'primary'} size="sm" onClick={save} disabled={!canSave} loading={update.isPending}>
          {t('chat.edit.save')}
        </Button>
        {onSubmit ? (
          <Button size="sm" onClick={submit} disabled={!canSave}>
            {t('chat.edit.saveAndSubmit')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
