import clsx from 'clsx';

interface LogoProps {
  className?: string;
  /** Hide the wordmark, e.g. in a collapsed header. */
  markOnly?: boolean;
  title?: string;
}

/** Two overlapping rings: two perspectives meeting, which is what the product is about. */
export function Logo({ className, markOnly = false, title = 'Meld' }: LogoProps) {
  return (
    <span className={clsx('inline-flex items-center gap-2.5 text-ink', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" role="img" aria-label={markOnly ? title : undefined} aria-hidden={markOnly ? undefined : true}>
        <rect width="32" height="32" rx="9" className="fill-accent" />
        <circle cx="13" cy="16" r="6.5" fill="none" className="stroke-accent-contrast" strokeWidth="2.2" />
        <circle cx="19" cy="16" r="6.5" fill="none" className="stroke-accent-contrast" strokeWidth="2.2" opacity="0.75" />
      </svg>
      {markOnly ? null : <span className="font-serif text-[1.45rem] leading-none font-semibold tracking-tight">{title}</span>}
    </span>
  );
}
