import { startTransition, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

const NONE = Symbol('none revealed');

/**
 * How many items of a long list to render: the first `first` with the page, then all of them in a
 * transition, which React renders in slices between frames. The page paints its first screen
 * without one long task for the whole list (issue 25 §7: a month of the log was 400-900 ms of
 * one task at 4x CPU). `list` names the list shown (the log's month): another one starts over.
 * `revealAll` renders everything now, for a jump to an item further down.
 */
export function useRevealedCount(total: number, first: number, list: unknown = null): { count: number; revealAll: () => void } {
  const [revealed, setRevealed] = useState<unknown>(NONE);
  const all = Object.is(revealed, list);
  const waiting = !all && total > first;
  useEffect(() => {
    if (waiting) startTransition(() => setRevealed(list));
  }, [waiting, list]);
  return {
    count: all ? total : Math.min(total, first),
    revealAll: () => {
      if (waiting) flushSync(() => setRevealed(list));
    },
  };
}
