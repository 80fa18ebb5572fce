import { observeElementRect, type Virtualizer } from '@tanstack/react-virtual';

/**
 * The history list's size before it is first measured: the window's height, an upper bound, so
 * the rows the list renders first (in its transition) already fill it and measuring it only trims.
 */
export function initialListRect(): { width: number; height: number } {
  return { width: 0, height: window.innerHeight };
}

/**
 * Follows the list's size through a ResizeObserver only. The virtualiser's own observer reads the
 * size as the list mounts, which forces a layout inside React's commit; the observer's reports
 * come after the browser's layout, when reading the size costs nothing. Without ResizeObserver
 * (jsdom) it falls back to the virtualiser's.
 */
export function observeListRect(instance: Virtualizer<HTMLDivElement, Element>, onRect: (rect: { width: number; height: number }) => void) {
  const element = instance.scrollElement;
  const Observer = instance.targetWindow?.ResizeObserver;
  if (!element || !Observer) return observeElementRect(instance, onRect);
  const observer = new Observer(() => onRect({ width: element.clientWidth, height: element.clientHeight }));
  observer.observe(element);
  return () => observer.disconnect();
}
