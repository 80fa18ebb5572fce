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

/**
 * Holds the secondary lists while `pending` (the main content's data are in and its transition has
 * not committed yet). Released in a passive effect, after the main content's commit: the rows
 * follow in a transition of their own.
 */
export function useMainContentPending(pending: boolean): void {
  useEffect(() => {
    if (!pending) return;
    change(1);
    return () => change(-1);
  }, [pending]);
}

/** Whether a page's main content is being drawn: a secondary list not yet shown waits for it. */
export function useMainContentHeld(): boolean {
  return useSyncExternalStore(subscribe, held, held);
}
