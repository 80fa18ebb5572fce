import { useEffect, useRef } from 'react';

/**
 * For a popup menu: while `open`, a pointer down outside the returned ref's element or Escape
 * calls `close`. Escape is caught before other handlers, so it closes only the menu, not a dialog
 * behind it.
 */
export function useDismiss<T extends HTMLElement>(open: boolean, close: () => void) {
  const rootRef = useRef<T>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      close();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [open, close]);
  return rootRef;
}
