import { useEffect, useRef, useState } from 'react';

/** `value` once it has stayed the same for `ms`; the first value at once. */
export function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** `value`, following changes at most once every `ms` (the latest change always lands). */
export function useThrottledValue<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    const wait = last.current + ms - Date.now();
    const timer = window.setTimeout(() => {
      last.current = Date.now();
      setShown(value);
    }, Math.max(0, wait));
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return shown;
}
