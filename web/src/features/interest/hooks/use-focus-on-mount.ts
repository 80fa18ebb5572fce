import { useEffect, useRef } from 'react';

/** Moves focus (and so the view) to a heading that replaces a form, so the change is seen and announced. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
