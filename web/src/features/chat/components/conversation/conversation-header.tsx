import type { Conversation, Message } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { Icon } from '@/components/messages/icons.tsx';
import { useFeatureShown } from '@/lib/permissions.ts';
import { useInlineRename } from '../../hooks/use-inline-rename.ts';
import { InlineTitleInput } from '../inline-title-input.tsx';
import { ShareButton } from '../dialogs/share-dialog.tsx';
import { TemporaryMarker } from '../temporary-chat-toggle.tsx';
import { TagEditor } from './tag-editor.tsx';
import { dateFormat } from '@/lib/date-format.ts';

interface ConversationHeaderProps {
  conversation: Conversation;
  messages: readonly Message[];
}

/**
 * Title (renamed inline by double-click or the pencil), start date, bookmarks and sharing. A
 * temporary chat is marked instead of bookmarked: it is in no list a bookmark could filter.
 */
export function ConversationHeader({ conversation, messages }: ConversationHeaderProps) {
  const { t, i18n } = useTranslation();
  const rename = useInlineRename(conversation);
  const title = conversation.title || t('chat.untitled');
  const started = dateFormat(i18n.language, { dateStyle: 'long' }).format(new Date(conversation.createdAt));
  const bookmarks = useFeatureShown('bookmarks', 'BOOKMARKS');
  const tail = conversation.expiredAt ? (
    <TemporaryMarker expiredAt={conversation.expiredAt} />
  ) : bookmarks ? (
    <TagEditor conversationId={conversation.conversationId} tags={conversation.tags} />
  ) : null;

  return (
    <header className="mb-8 border-b border-line pt-4 pb-6 sm:pt-8">
      <div className="flex items-start gap-2">
        {rename.editing ? (
          <InlineTitleInput initial={title} label={t('chat.row.titleLabel')} onSave={rename.save} onCancel={rename.cancel} className="h-12 font-serif text-2xl font-semibold sm:text-3xl" />
        ) : (
          // A long title (up to 100 characters) stops at two lines with an ellipsis; the whole of it is in the tooltip.
          <h1 onDoubleClick={rename.start} title={title} className="my-1 line-clamp-2 min-w-0 flex-1 text-2xl leading-tight font-semibold [overflow-wrap:anywhere] text-ink sm:text-3xl">
            {title}
          </h1>
        )}
        {rename.editing ? null : (
          <button
            type="button"
            onClick={rename.start}
            aria-label={t('chat.conversation.rename')}
            className="mt-1 grid size-9 shrink-0 place-items-center rounded-lg text-ink-faint hover:bg-sunken hover:text-ink"
          >
            <Icon name="edit" />
          </button>
        )}
        {conversation.expiredAt ? null : <ShareButton conversationId={conversation.conversationId} hasMessages={messages.length > 0} />}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-ink-faint">
        <span>{t('chat.conversation.started', { date: started })}</span>
        {tail ? (
          <>
            <span aria-hidden="true" className="hidden sm:inline">
              ·
            </span>
            {tail}
          </>
        ) : null}
      </div>
    </header>
  );
}
