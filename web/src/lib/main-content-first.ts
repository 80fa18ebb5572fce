import { useEffect, useSyncExternalStore } from 'react';

/**
 * A page's main content before the shell's secondary lists (issue 25 §7).
 *
 * React renders every pending transition in one pass and commits them together. A conversation's
 * first draw is a transition (conversation-view.tsx), and so are the sidebar's history rows
 * (convo-list.tsx): when both were pending, the rows rendered first (they come first in the tree)
 * and committed in the same task as the messages, so the page's largest paint waited for them
 * (about 270 ms of rows at 1.5x CPU before the messages began). A page that draws its main content
 * in a transition holds the secondary lists back until that draw has committed; a list already on
 * screen is not held (it only updates).
 */
let holds = 0;
const listeners = new Set<() => void>();

function change(by: number): void {
  holds += by;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const held = () => holds > 0;
const notHeld = () => false;
const noSubscription = () => () => undefined;

/**
 * Holds the secondary lists while `pending` (the main content's data are in and its transition has
 * not committed yet). Released in a passive effect after the main content's commit, so the lists'
 * rows render in a later transition (with the message list's overscan rows, which start there too).
 */
export function useMainContentPending(pending: boolean): void {
  useEffect(() => {
    if (!pending) return;
    change(1);
    return () => change(-1);
  }, [pending]);
}

/**
 * Whether a secondary list should wait: a page's main content is being drawn. A list asks only
 * until its first rows are on screen (`waiting` false from then on): after that it is never held,
 * and no longer re-renders as pages take and release the hold.
 */
export function useSecondaryListsHeld(waiting: boolean): boolean {
  return useSyncExternalStore(waiting ? subscribe : noSubscription, waiting ? held : notHeld, waiting ? held : notHeld);
}
