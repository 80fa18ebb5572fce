import { useEffect, useRef } from 'react';

interface FragmentsShortcuts {
  onInbox: () => void;
  onThemes: () => void;
  onWeave: () => void;
  onEscape: () => void;
}

/**
 * Spec 002 sections 2 and 4: Cmd/Ctrl+1 the inbox, Cmd/Ctrl+2 the themes, Cmd/Ctrl+E weaves the
 * selection, Escape clears the selection and preview. While a dialog is open it owns the keyboard:
 * its own Escape closes it first (the weave dialog above the quick one), so nothing fires here.
 */
export function useFragmentsShortcuts(handlers: FragmentsShortcuts, enabled: boolean): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const command = (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey;
      if (command && event.code === 'Digit1') {
        event.preventDefault();
        latest.current.onInbox();
      } else if (command && event.code === 'Digit2') {
        event.preventDefault();
        latest.current.onThemes();
      } else if (command && event.code === 'KeyE') {
        event.preventDefault();
        latest.current.onWeave();
      } else if (event.key === 'Escape' && !event.defaultPrevented) {
        latest.current.onEscape();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
