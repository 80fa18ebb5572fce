import type { ReactNode } from 'react';

/** A label with the required mark; the control itself carries aria-required for assistive technology. */
export function RequiredLabel({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <span className="ml-0.5 text-accent" aria-hidden="true">
        *
      </span>
    </>
  );
}
