import { THEME_SWITCH_DEBOUNCE_MS } from '@meld/shared';
import { useEffect } from 'react';
import { toggleTheme } from '@/lib/theme.ts';

/** Ctrl+Shift+T switches light and dark; bursts of presses (key repeat) settle into one switch. */
export function useThemeShortcut(onToggle?: () => void): void {
  useEffect(() => {
    let timer: number | undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.ctrlKey || !event.shiftKey || event.altKey || event.metaKey || event.key.toLowerCase() !== 't') return;
      event.preventDefault();
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        toggleTheme();
        onToggle?.();
      }, THEME_SWITCH_DEBOUNCE_MS);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.clearTimeout(timer);
    };
  }, [onToggle]);
}
