import type { ReactNode } from 'react';

interface SegmentCardProps {
  id: string;
  eyebrow: string;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}

/** One of the Today screen's two segments (daily compass, evening check-in). */
export function SegmentCard({ id, eyebrow, title, aside, children }: SegmentCardProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-surface p-6 shadow-soft sm:p-8">
      <header className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs font-medium tracking-[0.18em] text-accent uppercase">{eyebrow}</p>
          <h2 id={`${id}-title`} className="mt-1 text-2xl font-semibold text-ink">
            {title}
          </h2>
        </div>
        {aside}
      </header>
      {children}
    </section>
  );
}
