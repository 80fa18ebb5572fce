import type { ReactNode } from 'react';
import { useFocusOnMount } from '../hooks/use-focus-on-mount.ts';

/** The calm check both forms' success screens open with. */
function SuccessMark() {
  return (
    <span className="grid size-14 place-items-center rounded-full bg-sage-soft text-sage" aria-hidden="true">
      <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="m6 12.5 4 4 8-9" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

/**
 * One success screen: the check, a heading that takes focus (so a screen reader announces the
 * result the moment the form is gone), a line of text, then the screen's own actions.
 */
export function SuccessPanel({ id, title, body, children }: { id: string; title: string; body: string; children: ReactNode }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section aria-labelledby={id} className="flex flex-col items-center text-center">
      <SuccessMark />
      <h2 id={id} ref={heading} tabIndex={-1} className="mt-5 text-2xl font-semibold text-ink outline-none">
        {title}
      </h2>
      <p className="mt-3 text-ink-soft">{body}</p>
      {children}
    </section>
  );
}
