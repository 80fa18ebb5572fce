import { CopyMessageButton, messageActionClasses } from '@/components/messages/copy-message-button.tsx';
import { Icon } from '@/components/messages/icons.tsx';
import { SpeakMessageButton } from '@/components/messages/speak-message-button.tsx';
import type { BranchEntry } from '@/components/messages/message-tree-model.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { ForkMenu } from './fork-menu.tsx';

interface MessageActionsProps {
  conversationId: string;
  entry: BranchEntry;
  latestMessageId: string | undefined;
  /** Absent for a message sent cut to fit a page (decision 0037): saving the cut text would lose the rest. */
  onEdit?: () => void;
  /** Asks for another reply to the same message; absent on user messages and while one streams. */
  onRegenerate?: () => void;
  /** Extends a reply that stopped early; absent otherwise. */
  onContinue?: () => void;
}

/** Copy, read aloud (replies), edit, regenerate and fork under each message of the conversation view. */
export function MessageActions({ conversationId, entry, latestMessageId, onEdit, onRegenerate, onContinue }: MessageActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <CopyMessageButton message={entry.message} />
      {entry.message.isCreatedByUser ? null : <SpeakMessageButton message={entry.message} />}
      {onEdit ? (
        <button type="button" className={messageActionClasses} onClick={onEdit}>
          <Icon name="edit" className="size-3.5" />
          <span>{t('chat.edit.action')}</span>
        </button>
      ) : null}
      {onRegenerate ? (
        <button type="button" className={messageActionClasses} onClick={onRegenerate}>
          <Icon name="regenerate" className="size-3.5" />
          <span>{t('chat.regenerate')}</span>
        </button>
      ) : null}
      {onContinue ? (
        <button type="button" className={messageActionClasses} onClick={onContinue}>
          <Icon name="chevronRight" className="size-3.5" />
          <span>{t('chat.continue')}</span>
        </button>
      ) : null}
      <ForkMenu conversationId={conversationId} messageId={entry.message.messageId} latestMessageId={latestMessageId} />
    </>
  );
}
