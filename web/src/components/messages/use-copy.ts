import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Copies text and reports `copied` for `feedbackMs` (3 s for messages and code, 2 s for links:
 * spec 000). Returns false when the browser refused, so the caller can say so.
 */
export function useCopy(feedbackMs: number) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        return false;
      }
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), feedbackMs);
      return true;
    },
    [feedbackMs],
  );

  return { copied, copy };
}
