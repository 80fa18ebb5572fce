import { useEffect, useState, type RefObject } from 'react';

/** True once the element has scrolled out of the viewport (the jump-to nav's cue), false while any of it shows. */
export function useOutOfView(ref: RefObject<Element | null>, active: boolean): boolean {
  const [out, setOut] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!active || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOut(entry ? !entry.isIntersecting : false));
    observer.observe(element);
    return () => {
      observer.disconnect();
      setOut(false);
    };
  }, [ref, active]);
  return out;
}
