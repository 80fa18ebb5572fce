import type { Conversation } from '@meld/shared';
import clsx from 'clsx';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useInlineRename } from '../../hooks/use-inline-rename.ts';
import { DeleteConvoDialog } from '../dialogs/delete-convo-dialog.tsx';
import { InlineTitleInput } from '../inline-title-input.tsx';
import { ReplyingMark } from './replying-mark.tsx';
import { RowMenu, RowMenuButton, type RowMenuOpening } from './row-menu.tsx';

interface ConvoRowProps {
  conversation: Conversation;
  active: boolean;
  /** A reply is being written in it; the list subscribes once for every row. */
  replying: boolean;
  /** Stable across renders, so the memoised row skips re-rendering while the list scrolls or polls. */
  onNavigate: () => void;
}

/**
 * One conversation in the sidebar: a link, renamed inline by double-click or from its menu. A row
 * draws only its link and a light "⋯" button; the Radix menu (with its mutations) and the delete
 * dialog mount once the member opens them, since some twenty rows render on every signed-in page.
 */
export const ConvoRow = memo(function ConvoRow({ conversation, active, replying, onNavigate }: ConvoRowProps) {
  const { t } = useTranslation();
  const rename = useInlineRename(conversation);
  const [menuOpening, setMenuOpening] = useState<RowMenuOpening | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const title = conversation.title || t('chat.untitled');
  const href = `/c/${encodeURIComponent(conversation.conversationId)}`;
  const menuLabel = t('chat.row.menu', { title });

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
          {replying ? <ReplyingMark /> : null}
        </Link>
      )}
      {rename.editing ? null : menuOpening ? (
        <RowMenu
          conversation={conversation}
          label={menuLabel}
          visible={active}
          opening={menuOpening}
          onRename={rename.start}
          onDelete={() => setConfirmDelete(true)}
        />
      ) : (
        <RowMenuButton label={menuLabel} visible={active} onOpen={setMenuOpening} />
      )}
      {confirmDelete ? <DeleteConvoDialog conversation={conversation} open onOpenChange={setConfirmDelete} /> : null}
    </div>
  );
});
