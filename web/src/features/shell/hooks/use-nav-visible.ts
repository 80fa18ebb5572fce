import { MOBILE_BREAKPOINT_PX, STORAGE_KEYS } from '@meld/shared';
import { useCallback, useState } from 'react';
import { useMediaQuery } from '@/lib/use-media-query.ts';
import { local } from '@/lib/storage.ts';

export const WIDE_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX + 1}px)`;

function savedVisibility(): boolean {
  return local.get(STORAGE_KEYS.navVisible) !== 'false';
}

/**
 * Sidebar visibility. Above 768px it is a docked column, open unless the user closed it (kept in
 * localStorage `navVisible`). Below, it is an overlay that starts closed on every visit, so a
 * choice made on a desktop never covers a phone screen.
 */
export function useNavVisible() {
  const wide = useMediaQuery(WIDE_QUERY);
  const [wideOpen, setWideOpen] = useState(savedVisibility);
  const [narrowOpen, setNarrowOpen] = useState(false);

  // Leaving the narrow layout closes the overlay, so it is not open again on the next shrink.
  const [lastWide, setLastWide] = useState(wide);
  if (lastWide !== wide) {
    setLastWide(wide);
    if (wide) setNarrowOpen(false);
  }

  const setOpen = useCallback(
    (open: boolean) => {
      if (wide) {
        setWideOpen(open);
        local.set(STORAGE_KEYS.navVisible, String(open));
      } else {
        setNarrowOpen(open);
      }
    },
    [wide],
  );

  const open = wide ? wideOpen : narrowOpen;
  const toggle = useCallback(() => setOpen(!open), [open, setOpen]);
  const close = useCallback(() => setOpen(false), [setOpen]);

  return { wide, open, toggle, close };
}
