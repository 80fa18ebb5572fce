import type { Message } from '@meld/shared';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import clsx from 'clsx';
import { memo, startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { CopyMessageButton } from './copy-message-button.tsx';
import { MessageContent } from './message-content.tsx';
import type { BranchEntry } from './message-tree-model.ts';
import { SiblingNav } from './sibling-nav.tsx';
import { useBranch } from './use-branch.ts';

export interface MessageTreeProps {
  messages: readonly Message[];
  /** The buttons under a message; the default is copy only (the read-only share page). */
  renderActions?: (entry: BranchEntry, branch: readonly BranchEntry[]) => ReactNode;
  /** Replaces a message's body when it returns something, e.g. with an inline editor. */
  renderBody?: (entry: BranchEntry) => ReactNode;
  /** Open scrolled to the newest message (a conversation) rather than the first (a share). */
  startAtEnd?: boolean;
  /** Told the branch on screen whenever it changes (the composer answers its last message). */
  onBranchChange?: (branch: readonly BranchEntry[]) => void;
  /** The signed-in author, whose picture (or initials) sits beside their own messages; a shared page has none. */
  author?: MessageAuthor;
  /** A reply is streaming into the list: assistive technology waits for it to settle (the feed's aria-busy). */
  busy?: boolean;
}

export interface MessageAuthor {
  name: string;
  avatar: string | null;
}

const ESTIMATED_ROW_PX = 160;
const OVERSCAN = 6;

export function senderLabel(message: Message, you: string, assistant: string): string {
  if (message.isCreatedByUser) return you;
  return message.sender || message.model || assistant;
}

const defaultActions = (entry: BranchEntry) => <CopyMessageButton message={entry.message} />;

interface MessageRowProps {
  entry: BranchEntry;
  label: string;
  body: ReactNode;
  /** A replaced body (an editor) takes the full width instead of the user's bubble. */
  replaced: boolean;
  /** Position in the branch, for assistive technology that only sees the rows drawn. */
  position: number;
  total: number;
  actions: ReactNode;
  onSelectSibling: (index: number) => void;
  author: MessageAuthor | undefined;
}

/**
 * A message's actions show while the pointer is over it or anything in it has keyboard focus, and
 * always on the last message and on touch screens (no hover there). Hidden ones are only
 * transparent, so they stay in the accessibility tree and in the Tab order; focusing one shows them.
 */
const REVEALED_ON_HOVER = 'opacity-0 group-hover/message:opacity-100 group-focus-within/message:opacity-100 [@media(hover:none)]:opacity-100';

function MessageRow({ entry, label, body, replaced, position, total, actions, onSelectSibling, author }: MessageRowProps) {
  const mine = entry.message.isCreatedByUser;
  const last = position === total;
  const footer = (
    <div className={clsx('mt-1.5 flex min-h-7 flex-wrap items-center gap-1 text-ink-faint', mine && 'justify-end')}>
      <SiblingNav index={entry.siblingIndex} count={entry.siblingCount} onSelect={onSelectSibling} />
      {actions ? (
        <div data-message-actions={last ? 'always' : 'on-hover'} className={clsx('flex flex-wrap items-center gap-1 transition-opacity duration-150 motion-reduce:transition-none', mine && 'justify-end', !last && REVEALED_ON_HOVER)}>
          {actions}
        </div>
      ) : null}
    </div>
  );
  if (mine) {
    return (
      <article aria-label={label} aria-posinset={position} aria-setsize={total} className="group/message flex flex-col items-end">
        <div className="flex w-full items-start justify-end gap-2.5">
          <div className={replaced ? 'w-full' : 'max-w-[88%] rounded-2xl rounded-br-md bg-accent-soft/70 px-4 py-3 text-ink sm:max-w-[78%]'}>{body}</div>
          {author && !replaced ? <UserAvatar name={author.name} avatar={author.avatar} className="mt-1 size-7 text-[0.65rem] font-semibold" /> : null}
        </div>
        {footer}
      </article>
    );
  }
  return (
    <article aria-label={label} aria-posinset={position} aria-setsize={total} className="group/message">
      <p className="mb-2 flex items-center gap-2 text-sm font-medium text-ink-soft">
        <span aria-hidden="true" className="grid size-6 place-items-center rounded-full bg-accent font-serif text-xs text-accent-contrast">
          {label.charAt(0).toUpperCase()}
        </span>
        {label}
      </p>
      <div className="text-[0.98em] leading-relaxed text-ink">{body}</div>
      {footer}
    </article>
  );
}

interface TreeRowProps extends Pick<MessageTreeProps, 'renderBody' | 'author'> {
  entry: BranchEntry;
  branch: readonly BranchEntry[];
  position: number;
  renderActions: NonNullable<MessageTreeProps['renderActions']>;
  select: (entry: BranchEntry, index: number) => void;
  you: string;
  assistant: string;
}

/**
 * One message of the list, memoised: the virtualiser re-renders the list for every measurement,
 * scroll range and position change, and those leave a row's own props alone. Without it each of
 * those renders drew every row's body, actions and their hooks again (hundreds of ms of a
 * conversation's first load at 4x CPU, issue 25).
 */
const TreeRow = memo(function TreeRow({ entry, branch, position, renderActions, renderBody, select, author, you, assistant }: TreeRowProps) {
  const replacement = renderBody?.(entry);
  return (
    <MessageRow
      entry={entry}
      label={senderLabel(entry.message, you, assistant)}
      body={replacement ?? <MessageContent message={entry.message} />}
      replaced={replacement != null}
      position={position}
      total={branch.length}
      actions={renderActions(entry, branch)}
      onSelectSibling={(index) => select(entry, index)}
      author={author}
    />
  );
});

/**
 * A conversation's messages: the branch on screen with sibling navigation, virtualised against
 * the window scroll so a conversation of thousands of messages stays smooth.
 */
export function MessageTree({ messages, renderActions = defaultActions, renderBody, startAtEnd = false, onBranchChange, author, busy = false }: MessageTreeProps) {
  const { t } = useTranslation();
  const { branch, select } = useBranch(messages);
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => onBranchChange?.(branch), [branch, onBranchChange]);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The first draw holds only the rows on screen: the page's largest paint waits for it, and each
  // row (markdown, actions, the virtualiser's measuring) is the most of a conversation's first load
  // at 4x CPU (issue 25 §7). The rows around them, for scrolling, follow in a transition. Not while
  // a reply streams in: each token is an urgent render that would start that transition over.
  const [widened, setWidened] = useState(busy);
  if (busy && !widened) setWidened(true);
  useEffect(() => {
    if (!widened) startTransition(() => setWidened(true));
  }, [widened]);

  useLayoutEffect(() => {
    const element = listRef.current;
    if (element) setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: branch.length,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: widened ? OVERSCAN : 0,
    scrollMargin,
    getItemKey: (index) => branch[index]?.message.messageId ?? index,
    // The window's size is known without layout: with it the first render already holds the rows on
    // screen (the virtualiser otherwise draws none until its layout effect has measured the window,
    // then all of them in a synchronous render from that effect, which no transition can split).
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    // A conversation opens at its end: the first render draws the last screenful of rows, not the
    // first one, which the scroll to the end below would at once replace (a second render and
    // measure of other rows, and the newest message painting only after both; issue 25).
    initialOffset: () => (startAtEnd ? Math.max(0, scrollMargin + branch.length * ESTIMATED_ROW_PX - window.innerHeight) : 0),
    // Rendering the rows a scroll brings in synchronously, inside the scroll event, made long
    // tasks of 100-300 ms in a 2,000-message conversation (npm run bench): React schedules it instead.
    useFlushSync: false,
  });

  const scrolledToEnd = useRef(false);
  useLayoutEffect(() => {
    if (!startAtEnd || scrolledToEnd.current || branch.length === 0) return;
    scrolledToEnd.current = true;
    virtualizer.scrollToIndex(branch.length - 1, { align: 'end' });
  }, [startAtEnd, branch.length, virtualizer]);

  const you = t('messages.you');
  const assistant = t('messages.assistant');
  const items = virtualizer.getVirtualItems();

  return (
    <div ref={listRef} role="feed" aria-label={t('messages.listLabel')} aria-busy={busy || undefined} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => (
        <div
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          className="absolute inset-x-0 top-0 pb-8"
          style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
        >
          <TreeRow entry={branch[item.index]!} branch={branch} position={item.index + 1} renderActions={renderActions} renderBody={renderBody} select={select} author={author} you={you} assistant={assistant} />
        </div>
      ))}
    </div>
  );
}
