import { useEffect } from 'react';

/** How close to the bottom counts as "reading the end", so a reader who scrolled up is left alone. */
const NEAR_BOTTOM_PX = 160;

/**
 * Keeps the window at the end while a reply grows (spec 000: auto scroll, on by default);
 * `change` differs whenever the reply does (a token, an error, the connection warning).
 */
export function useFollowStream(change: string, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const root = document.documentElement;
    if (root.scrollHeight - (window.scrollY + window.innerHeight) > NEAR_BOTTOM_PX) return;
    window.scrollTo({ top: root.scrollHeight });
  }, [change, active]);
}
