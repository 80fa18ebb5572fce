import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';

interface WinsShortcuts {
  onCreate: () => void;
  onToggleView: () => void;
  onCopySelected: () => void;
}

function isApplePlatform(): boolean {
  return /Mac|iPhone|iPad/i.test(navigator.platform || navigator.userAgent);
}

/** Typing in a field keeps its keys: Shift+Space there is a space. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The shortcut as this platform writes it: ⌘⌥W on Apple devices, Ctrl+Alt+W elsewhere. */
export function useShortcutLabel() {
  const { t } = useTranslation();
  const apple = isApplePlatform();
  return { create: apple ? t('wins.shortcutMac') : t('wins.shortcutOther'), copy: apple ? '⌘↵' : 'Ctrl+Enter' };
}

/**
 * Spec 002 section 4: Cmd/Ctrl+Alt+W creates, Shift+Space switches gallery and timeline, Cmd/Ctrl+Enter
 * copies the selected tile. Nothing fires while a dialog is open (it owns the keyboard).
 */
export function useWinsShortcuts(handlers: WinsShortcuts, enabled: boolean): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const command = event.metaKey || event.ctrlKey;
      // event.code: Alt changes the character on macOS (⌥W is "∑").
      if (command && event.altKey && event.code === 'KeyW') {
        event.preventDefault();
        latest.current.onCreate();
      } else if (event.shiftKey && !command && !event.altKey && event.code === 'Space' && !isTyping(event.target)) {
        event.preventDefault();
        latest.current.onToggleView();
      } else if (command && !event.altKey && event.key === 'Enter' && !isTyping(event.target)) {
        event.preventDefault();
        latest.current.onCopySelected();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
