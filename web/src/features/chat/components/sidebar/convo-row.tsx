import type { Conversation } from '@meld/shared';
import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useInlineRename } from '../../hooks/use-inline-rename.ts';
import { DeleteConvoDialog } from '../dialogs/delete-convo-dialog.tsx';
import { InlineTitleInput } from '../inline-title-input.tsx';
import { ReplyingMark } from './replying-mark.tsx';
import { RowMenu } from './row-menu.tsx';

interface ConvoRowProps {
  conversation: Conversation;
  active: boolean;
  onNavigate: () => void;
}

/** One conversation in the sidebar: a link, renamed inline by double-click or from its menu. */
export function ConvoRow({ conversation, active, onNavigate }: ConvoRowProps) {
  const { t } = useTranslation();
  const rename = useInlineRename(conversation);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const title = conversation.title || t('chat.untitled');
  const href = `/c/${encodeURIComponent(conversation.conversationId)}`;

  return (
    <div
      className={clsx(
        'group flex h-full items-center gap-1 rounded-lg pr-1 transition-colors',
        active ? 'bg-accent-soft text-accent-strong' : 'text-ink-soft hover:bg-sunken hover:text-ink',
      )}
    >
      {rename.editing ? (
        <div className="flex h-full min-w-0 flex-1 items-center pl-1.5">
          <InlineTitleInput initial={title} label={t('chat.row.titleLabel')} onSave={rename.save} onCancel={rename.cancel} className="h-[calc(100%-6px)] text-sm" />
        </div>
      ) : (
        <Link
          to={href}
          aria-current={active ? 'page' : undefined}
          title={title}
          onClick={(event) => {
            // Ctrl or Cmd click is left to the browser, which opens the link in a new tab.
            if (!event.ctrlKey && !event.metaKey) onNavigate();
          }}
          onDoubleClick={rename.start}
          className="flex h-full min-w-0 flex-1 items-center truncate rounded-lg pl-3 text-sm outline-offset-[-2px]"
        >
          <span className="truncate">{title}</span>
          <ReplyingMark conversationId={conversation.conversationId} />
        </Link>
      )}
      {rename.editing ? null : (
        <RowMenu conversation={conversation} title={title} visible={active} onRename={rename.start} onDelete={() => setConfirmDelete(true)} />
      )}
      <DeleteConvoDialog conversation={conversation} open={confirmDelete} onOpenChange={setConfirmDelete} />
    </div>
  );
}
