import { startTransition, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * How many items of a long list to render: the first `first` with the page, then all of them in a
 * transition, which React renders in slices between frames. The page paints its first screen
 * without one long task for the whole list (issue 25 §7: a month of the log was 400-900 ms of
 * one task at 4x CPU). `revealAll` renders everything now, for a jump to an item further down.
 */
export function useRevealedCount(total: number, first: number): { count: number; revealAll: () => void } {
  const [all, setAll] = useState(false);
  const waiting = !all && total > first;
  useEffect(() => {
    if (waiting) startTransition(() => setAll(true));
  }, [waiting]);
  return {
    count: all ? total : Math.min(total, first),
    revealAll: () => {
      if (waiting) flushSync(() => setAll(true));
    },
  };
}
