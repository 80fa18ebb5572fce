import type { Message } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { Icon } from './icons.tsx';
import { useCopy } from './use-copy.ts';

const COPY_FEEDBACK_MS = 3000;

/** The text a reader expects to copy: the reply's text parts when it has parts, else its text. */
export function messageCopyText(message: Message): string {
  const texts = (message.content ?? [])
    .filter((part) => part.type === 'text')
    .map((part) => (typeof part.text === 'string' ? part.text : ((part.text as { value?: string } | undefined)?.value ?? '')));
  return texts.length ? texts.join('\n\n') : message.text;
}

export const messageActionClasses =
  'inline-flex h-7 items-center gap-1.5 rounded-md px-2 text-xs text-ink-faint hover:bg-sunken hover:text-ink disabled:pointer-events-none disabled:opacity-40';

export function CopyMessageButton({ message }: { message: Message }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy(COPY_FEEDBACK_MS);
  return (
    <button type="button" className={messageActionClasses} onClick={() => void copy(messageCopyText(message))}>
      <Icon name={copied ? 'check' : 'copy'} className="size-3.5" />
      <span>{copied ? t('messages.copied') : t('messages.copy')}</span>
    </button>
  );
}
