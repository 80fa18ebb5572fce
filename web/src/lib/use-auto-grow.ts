import { useEffect, type CSSProperties, type RefObject } from 'react';

/** The browser sizes a textarea to its text itself: CSS `field-sizing: content` (Chromium 123+, Safari 26). */
const sizedByCss = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/**
 * A textarea that grows with its text up to `maxPx`, then scrolls; spread the returned style on it.
 * Where CSS can size it, the browser does so in its own layout. Measured from script (height auto,
 * then scrollHeight) it forced the page's first layout inside React's commit as a chat page loaded:
 * about 120 ms of one task at 4x CPU (issue 25 §7). Elsewhere the script measures it after each change.
 */
export function useAutoGrow(ref: RefObject<HTMLTextAreaElement | null>, text: string, maxPx: number): CSSProperties | undefined {
  useEffect(() => {
    const element = ref.current;
    if (sizedByCss || !element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, maxPx)}px`;
  }, [ref, text, maxPx]);
  return sizedByCss ? { fieldSizing: 'content', maxHeight: maxPx } : undefined;
}
