import { useRef } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { AttachmentChip, AttachmentIcon } from '@/components/messages/attachment-chip.tsx';
import { Icon } from '@/components/messages/icons.tsx';
import { formatBytes } from '@/lib/format-bytes.ts';
import type { Attachment } from './attachments-state.ts';
import { TOOL_BUTTON } from './composer-icons.tsx';

/** The composer's files above the text: progress while uploading, the server's refusal on a failed one. */
export function AttachmentChips({ items, onRemove }: { items: readonly Attachment[]; onRemove: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) return null;
  return (
    <ul aria-label={t('attachments.list')} className="flex flex-wrap gap-2 px-3 pt-3">
      {items.map((item) => {
        const detail =
          item.status === 'failed' ? (
            <span role="alert">{item.error}</span>
          ) : item.status === 'uploading' ? (
            <span aria-label={t('attachments.uploading', { name: item.name })}>{Math.round(item.progress * 100)}%</span>
          ) : (
            formatBytes(item.size, i18n.language)
          );
        return (
          <li key={item.id} className="max-w-full">
            <AttachmentChip
              name={item.name}
              type={item.type}
              thumbnail={item.status === 'failed' ? null : item.preview}
              tone={item.status === 'failed' ? 'danger' : 'default'}
              detail={detail}
              progress={item.status === 'uploading' ? item.progress : null}
              action={
                <button
                  type="button"
                  onClick={() => onRemove(item.id)}
                  aria-label={t('attachments.remove', { name: item.name })}
                  title={t('attachments.remove', { name: item.name })}
                  className="grid size-7 shrink-0 place-items-center rounded-full text-ink-faint hover:bg-sunken hover:text-ink focus-visible:outline-2 focus-visible:outline-focus"
                >
                  <Icon name="cross" className="size-3.5" />
                </button>
              }
            />
          </li>
        );
      })}
    </ul>
  );
}

/** The paperclip: opens the file picker for the types the endpoint takes. */
export function AttachButton({ enabled, accept, onFiles, disabled }: { enabled: boolean | null; accept?: string; onFiles: (files: File[]) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const label = enabled === false ? t('attachments.attachDisabled') : t('attachments.attach');
  return (
    <>
      <button type="button" className={TOOL_BUTTON} aria-label={label} title={label} disabled={disabled || !enabled} onClick={() => input.current?.click()}>
        <AttachmentIcon name="paperclip" />
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={accept}
        data-testid="attach-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}
