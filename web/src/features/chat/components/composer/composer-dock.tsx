import type { ReactNode } from 'react';

/** Keeps the composer at the bottom of the window over the fading end of the conversation. */
export function ComposerDock({ children }: { children: ReactNode }) {
  return <div className="sticky bottom-0 z-10 mt-auto -mx-4 bg-linear-to-t from-canvas from-70% to-transparent px-4 pt-8 pb-4 sm:-mx-8 sm:px-8 sm:pb-6">{children}</div>;
}
