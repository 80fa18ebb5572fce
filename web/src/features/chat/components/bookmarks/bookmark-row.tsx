import type { Tag } from '@meld/shared';
import clsx from 'clsx';
import { useEffect, useRef, type DragEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { BookmarkFields, type BookmarkDraft } from './bookmark-fields.tsx';

const ICON_BUTTON = 'grid size-8 shrink-0 place-items-center rounded-lg text-ink-faint hover:bg-sunken hover:text-ink focus-visible:outline-2 focus-visible:outline-focus disabled:opacity-35 disabled:hover:bg-transparent';

interface BookmarkRowProps {
  tag: Tag;
  index: number;
  total: number;
  editing: boolean;
  saving: boolean;
  saveError: string | null;
  /** A button of this row to focus once it is on screen: the move button pressed, or edit after its form closed. */
  focusTarget: FocusTarget | null;
  /** The focus was given: the request is done, so later renders leave focus where the user puts it. */
  onFocused: () => void;
  dropTarget: boolean;
  onEdit: () => void;
  onCancelEdit: () => void;
  onSave: (draft: BookmarkDraft) => void;
  onMove: (position: number, button: 'up' | 'down') => void;
  onDelete: () => void;
  onDragStart: (event: DragEvent) => void;
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
  onDragEnd: () => void;
}

/** One bookmark in the manager: its name, description and count, with move, edit and delete; or its edit form. */
export type FocusTarget = 'up' | 'down' | 'edit';

export function BookmarkRow(props: BookmarkRowProps) {
  const { tag, index, total, editing, focusTarget, onFocused } = props;
  const { t } = useTranslation();
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const edit = useRef<HTMLButtonElement>(null);
  const first = index === 0;
  const last = index === total - 1;

  // A reordered row's node may be moved, which drops its focus, and a renamed row is a new one: put
  // focus on the button the user pressed, or on the other move button when the row reached that end.
  useEffect(() => {
    if (!focusTarget || editing) return;
    const wanted = focusTarget === 'edit' ? edit : focusTarget === 'up' ? (first ? down : up) : last ? up : down;
    wanted.current?.focus();
    onFocused();
  }, [focusTarget, editing, index, first, last, onFocused]);

  if (editing) {
    return (
      <li className="rounded-xl border border-accent/40 bg-canvas/60 p-3">
        <BookmarkFields
          initial={{ tag: tag.tag, description: tag.description ?? '' }}
          nameLabel={t('chat.bookmarks.manager.name')}
          descriptionLabel={t('chat.bookmarks.manager.descriptionLabel')}
          submitLabel={t('chat.bookmarks.manager.save')}
          pending={props.saving}
          error={props.saveError}
          onSubmit={props.onSave}
          onCancel={props.onCancelEdit}
          autoFocus
        />
      </li>
    );
  }

  return (
    <li
      draggable
      onDragStart={props.onDragStart}
      onDragOver={props.onDragOver}
      onDrop={props.onDrop}
      onDragEnd={props.onDragEnd}
      data-tag={tag.tag}
      className={clsx('flex items-start gap-1 rounded-xl border border-transparent py-2 pr-1 pl-1 hover:bg-sunken/60', props.dropTarget && 'border-t-accent bg-sunken/60')}
    >
      <span title={t('chat.bookmarks.manager.dragHandle')} aria-hidden="true" className="grid h-8 w-5 shrink-0 cursor-grab place-items-center text-ink-faint active:cursor-grabbing">
        <svg viewBox="0 0 10 16" className="h-4 w-2.5" fill="currentColor">
          {[3, 8, 13].flatMap((y) => [<circle key={`a${y}`} cx="2.5" cy={y} r="1.3" />, <circle key={`b${y}`} cx="7.5" cy={y} r="1.3" />])}
        </svg>
      </span>
      <div className="min-w-0 flex-1 pt-1">
        <p className="flex items-baseline gap-2">
          <span className="min-w-0 truncate text-sm font-medium text-ink">{tag.tag}</span>
          <span className="shrink-0 text-xs text-ink-faint tabular-nums">{t('chat.bookmarks.manager.chats', { count: tag.count })}</span>
        </p>
        {tag.description ? <p className="mt-0.5 line-clamp-2 text-xs leading-relaxed break-words text-ink-soft">{tag.description}</p> : null}
      </div>
      <button ref={up} type="button" className={ICON_BUTTON} disabled={first} aria-label={t('chat.bookmarks.manager.moveUp', { tag: tag.tag })} onClick={() => props.onMove(index - 1, 'up')}>
        <Chevron up />
      </button>
      <button ref={down} type="button" className={ICON_BUTTON} disabled={last} aria-label={t('chat.bookmarks.manager.moveDown', { tag: tag.tag })} onClick={() => props.onMove(index + 1, 'down')}>
        <Chevron />
      </button>
      <button ref={edit} type="button" className={ICON_BUTTON} aria-label={t('chat.bookmarks.manager.edit', { tag: tag.tag })} onClick={props.onEdit}>
        <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" aria-hidden="true">
          <path d="M13.5 3.5l3 3L7 16H4v-3z" />
        </svg>
      </button>
      <button type="button" className={clsx(ICON_BUTTON, 'hover:text-danger')} aria-label={t('chat.bookmarks.manager.delete', { tag: tag.tag })} onClick={props.onDelete}>
        <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M4 6h12M8 6V4h4v2M6 6l1 10h6l1-10" />
        </svg>
      </button>
    </li>
  );
}

function Chevron({ up = false }: { up?: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={up ? 'M5 12.5l5-5 5 5' : 'M5 7.5l5 5 5-5'} />
    </svg>
  );
}
