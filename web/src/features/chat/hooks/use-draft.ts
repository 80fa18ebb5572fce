import { useCallback, useEffect, useRef, useState } from 'react';
import { local } from '@/lib/storage.ts';

/** Spec 000 section 9: drafts are written 2.5 s after the last keystroke. */
export const DRAFT_DEBOUNCE_MS = 2_500;

export const draftKey = (conversationId: string | null) => `meld:draft:${conversationId ?? 'new'}`;

/**
 * The composer's text, kept per conversation on this device so a reload or a detour loses nothing;
 * with `save` off (the save-drafts setting) nothing is read or written.
 */
export function useDraft(conversationId: string | null, save = true) {
  const key = draftKey(conversationId);
  const [text, setTextState] = useState(() => (save ? (local.get(key) ?? '') : ''));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const setText = useCallback(
    (next: string) => {
      setTextState(next);
      clearTimeout(timer.current);
      if (!save) return;
      timer.current = setTimeout(() => (next.trim() ? local.set(key, next) : local.remove(key)), DRAFT_DEBOUNCE_MS);
    },
    [key, save],
  );

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setTextState('');
    local.remove(key);
  }, [key]);

  return { text, setText, clear };
}
