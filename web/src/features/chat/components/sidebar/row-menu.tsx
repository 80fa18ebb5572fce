import * as Menu from '@radix-ui/react-dropdown-menu';
import type { Conversation } from '@meld/shared';
import clsx from 'clsx';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useArchiveConvo, useDuplicateConvo } from '../../api/convo-mutations.ts';

const itemClass =
  'flex w-full cursor-default items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-ink outline-none select-none data-[highlighted]:bg-sunken';

const icons = {
  rename: 'M12.5 4.5l3 3M4 16l1-4 8.5-8.5a1.4 1.4 0 0 1 2 0l1 1a1.4 1.4 0 0 1 0 2L8 15l-4 1Z',
  duplicate: 'M7 7V4.5A1.5 1.5 0 0 1 8.5 3h7A1.5 1.5 0 0 1 17 4.5v7a1.5 1.5 0 0 1-1.5 1.5H13M4.5 7h7A1.5 1.5 0 0 1 13 8.5v7a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 3 15.5v-7A1.5 1.5 0 0 1 4.5 7Z',
  archive: 'M3.5 4.5h13v3h-13zM4.5 7.5v8a1 1 0 0 0 1 1h9a1 1 0 0 0 1-1v-8M8 10.5h4',
  delete: 'M4 6h12M8 6V4.5h4V6M5.5 6l.8 10a1 1 0 0 0 1 .9h5.4a1 1 0 0 0 1-.9l.8-10',
} as const;

function ItemIcon({ name }: { name: keyof typeof icons }) {
  return (
    <svg viewBox="0 0 20 20" className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={icons[name]} />
    </svg>
  );
}

interface RowMenuProps {
  conversation: Conversation;
  title: string;
  /** Keeps the trigger visible while the row is current or hovered. */
  visible: boolean;
  /** The list's translation function, resolved once for all rows. */
  t: TFunction;
  onRename: () => void;
  onDelete: () => void;
}

function Dots() {
  return (
    <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
      <circle cx="5" cy="10" r="1.4" />
      <circle cx="10" cy="10" r="1.4" />
      <circle cx="15" cy="10" r="1.4" />
    </svg>
  );
}

/** Keys that open a menu button's menu (WAI-ARIA menu button; Radix's trigger answers the same). */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * The row's "⋯" menu: rename, duplicate, archive, delete (spec 000 sidebar). Radix's menu (its
 * root, trigger, providers and listeners) was most of rendering the history's rows (React's
 * profiler, cold loads at 4x CPU: the first rows' render, median 162 ms with it, 43 ms without),
 * and a row's menu is rarely opened. So the row first draws a plain menu button; the first press,
 * tap, click or Enter, Space or ArrowDown on it mounts Radix's menu, open, in its place, and from
 * then on Radix's trigger answers presses and keys as before. The items and their mutations
 * render only while the menu is open (RowMenuItems).
 */
export function RowMenu({ conversation, title, visible, t, onRename, onDelete }: RowMenuProps) {
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  // Opened from the keyboard, the first item takes focus (Radix does so only for a key it saw itself).
  const byKeyboard = useRef(false);
  // Rename focuses the title input and delete its dialog: the closing menu must not pull focus back.
  const focusMoved = useRef(false);
  const moveFocus = (action: () => void) => () => {
    focusMoved.current = true;
    action();
  };
  const label = t('chat.row.menu', { title });
  const triggerClass = clsx(
    'grid size-7 shrink-0 place-items-center rounded-md text-ink-faint hover:bg-line/60 hover:text-ink focus-visible:opacity-100 data-[state=open]:bg-line/60 data-[state=open]:opacity-100',
    visible ? 'opacity-100' : 'pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100',
  );

  if (!used) {
    const openMenu = (keyboard: boolean) => {
      byKeyboard.current = keyboard;
      setUsed(true);
      setOpen(true);
    };
    return (
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={false}
        aria-label={label}
        className={triggerClass}
        // As Radix's trigger: a primary press opens (not Ctrl-click, the context menu on a Mac), and
        // the button does not take focus from it, the menu does.
        onPointerDown={(event) => {
          if (event.button !== 0 || event.ctrlKey) return;
          event.preventDefault();
          openMenu(false);
        }}
        onKeyDown={(event) => {
          if (!OPENING_KEYS.has(event.key)) return;
          event.preventDefault();
          openMenu(true);
        }}
        // Assistive technology may click without a press or a key (on first use only: Radix's trigger
        // answers a press or a key). A Ctrl-click's click is left alone, as its press was.
        onClick={(event) => {
          if (!event.ctrlKey) openMenu(false);
        }}
      >
        <Dots />
      </button>
    );
  }

  return (
    <Menu.Root modal={false} open={open} onOpenChange={setOpen}>
      <Menu.Trigger aria-label={label} className={triggerClass}>
        <Dots />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          // Radix focuses the open menu itself; from the keyboard, its first item instead.
          onFocus={(event) => {
            if (!byKeyboard.current || event.target !== event.currentTarget) return;
            byKeyboard.current = false;
            event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
          }}
          onCloseAutoFocus={(event) => {
            if (focusMoved.current) event.preventDefault();
            focusMoved.current = false;
          }}
          className="z-50 min-w-44 animate-fade-in rounded-xl border border-line bg-surface p-1.5 shadow-lift"
        >
          <RowMenuItems conversation={conversation} t={t} onRename={moveFocus(onRename)} onDelete={moveFocus(onDelete)} />
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

type RowMenuItemsProps = Pick<RowMenuProps, 'conversation' | 't' | 'onRename' | 'onDelete'>;

/** The open menu's items: Radix renders a closed menu's content not at all, so a row holds no mutation observers until its menu opens. */
function RowMenuItems({ conversation, t, onRename, onDelete }: RowMenuItemsProps) {
  const duplicate = useDuplicateConvo();
  const archive = useArchiveConvo();
  return (
    <>
      <Menu.Item className={itemClass} onSelect={onRename}>
        <ItemIcon name="rename" />
        {t('chat.row.rename')}
      </Menu.Item>
      <Menu.Item className={itemClass} onSelect={() => duplicate.mutate(conversation)}>
        <ItemIcon name="duplicate" />
        {t('chat.row.duplicate')}
      </Menu.Item>
      <Menu.Item className={itemClass} onSelect={() => archive.mutate(conversation)}>
        <ItemIcon name="archive" />
        {t('chat.row.archive')}
      </Menu.Item>
      <Menu.Separator className="mx-2 my-1 h-px bg-line" />
      <Menu.Item className={clsx(itemClass, 'text-danger!')} onSelect={onDelete}>
        <ItemIcon name="delete" />
        {t('chat.row.delete')}
      </Menu.Item>
    </>
  );
}
