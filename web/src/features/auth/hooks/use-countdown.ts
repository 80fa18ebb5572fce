import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left of a countdown that ticks once a second while running; `restart` starts it again
 * from `seconds`. Null before the first start.
 */
export function useCountdown(seconds: number) {
  const [left, setLeft] = useState<number | null>(null);
  const running = left !== null && left > 0;

  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setLeft((current) => (current === null ? null : Math.max(0, current - 1))), 1000);
    return () => window.clearTimeout(timer);
  }, [running, left]);

  const restart = useCallback(() => setLeft(seconds), [seconds]);
  return { left, restart };
}
