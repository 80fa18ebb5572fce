import type { Conversation } from '@meld/shared';
import clsx from 'clsx';
import type { TFunction } from 'i18next';
import { memo, useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { DeleteConvoDialog } from '../dialogs/delete-convo-dialog.tsx';
import { ReplyingMark } from './replying-mark.tsx';
import { RowMenu } from './row-menu.tsx';
import { RowTitleEditor } from './row-title-editor.tsx';

interface ConvoRowProps {
  conversation: Conversation;
  active: boolean;
  /** A reply is being written in it; the list subscribes once for every row. */
  replying: boolean;
  /** The list's translation function, resolved once for all rows. */
  t: TFunction;
  /** Stable across renders, so the memoised row skips re-rendering while the list scrolls or polls. */
  onNavigate: () => void;
}

/**
 * One conversation in the sidebar: a link, renamed inline by double-click or from its menu. Some
 * twenty rows render on every signed-in page, so a row holds no query or mutation observer: the
 * rename input, the menu's items and the delete dialog (each with its mutation) mount when used.
 */
export const ConvoRow = memo(function ConvoRow({ conversation, active, replying, t, onNavigate }: ConvoRowProps) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const startRename = useCallback(() => setEditing(true), []);
  const endRename = useCallback(() => setEditing(false), []);
  const title = conversation.title || t('chat.untitled');
  const href = `/c/${encodeURIComponent(conversation.conversationId)}`;

  return (
    <div
      className={clsx(
        'group flex h-full items-center gap-1 rounded-lg pr-1 transition-colors',
        active ? 'bg-accent-soft text-accent-strong' : 'text-ink-soft hover:bg-sunken hover:text-ink',
      )}
    >
      {editing ? (
        <RowTitleEditor conversation={conversation} title={title} label={t('chat.row.titleLabel')} onDone={endRename} />
      ) : (
        <Link
          to={href}
          aria-current={active ? 'page' : undefined}
          title={title}
          onClick={(event) => {
            // Ctrl or Cmd click is left to the browser, which opens the link in a new tab.
            if (!event.ctrlKey && !event.metaKey) onNavigate();
          }}
          onDoubleClick={startRename}
          className="flex h-full min-w-0 flex-1 items-center truncate rounded-lg pl-3 text-sm outline-offset-[-2px]"
        >
          <span className="truncate">{title}</span>
          {replying ? <ReplyingMark label={t('chat.stream.replying')} /> : null}
        </Link>
      )}
      {editing ? null : <RowMenu conversation={conversation} title={title} visible={active} t={t} onRename={startRename} onDelete={() => setConfirmDelete(true)} />}
      {confirmDelete ? <DeleteConvoDialog conversation={conversation} open onOpenChange={setConfirmDelete} /> : null}
    </div>
  );
});
