import { useEffect, type RefObject } from 'react';

/**
 * Cmd+Alt+C (Ctrl+Alt+C elsewhere) moves focus between the composer and the thread list (spec
 * 002 "Chats screen"). With Alt held, macOS reports the key as "ç", so the physical key is read.
 */
export function useFocusToggle(composer: RefObject<HTMLTextAreaElement | null>, list: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.metaKey || event.ctrlKey) || !event.altKey || event.shiftKey) return;
      if (event.code !== 'KeyC' && event.key.toLowerCase() !== 'c') return;
      event.preventDefault();
      const inComposer = composer.current !== null && document.activeElement === composer.current;
      if (inComposer || !composer.current) {
        const target = list.current?.querySelector<HTMLElement>('[aria-current="true"]') ?? list.current?.querySelector<HTMLElement>('[data-thread-item]') ?? list.current;
        target?.focus();
      } else {
        composer.current.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [composer, list]);
}
