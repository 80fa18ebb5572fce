import clsx from 'clsx';

/** Line icons of the composer's toolbar, drawn like the message icons on a 20×20 grid. */
const paths = {
  sliders: 'M4 6h5M13 6h3M4 14h2M10 14h6M11 4v4M8 12v4',
  key: 'M12.5 3.5a4 4 0 1 1-3.2 6.4L4 15.2V17h2.2v-1.6h1.6v-1.6h1.6l1.3-1.3a4 4 0 0 1 1.8-9ZM13.5 6.5h.01',
  bookmark: 'M5.5 3.5h9v13L10 13l-4.5 3.5z',
  star: 'm10 3.2 2 4.3 4.6.5-3.4 3.1 1 4.6L10 13.4l-4.2 2.3 1-4.6L3.4 8l4.6-.5Z',
  trash: 'M4.5 6h11M8 6V4.5h4V6M6 6l.7 9.5a1 1 0 0 0 1 .9h4.6a1 1 0 0 0 1-.9L14 6',
  plus: 'M10 4.5v11M4.5 10h11',
} as const;

export type ComposerIconName = keyof typeof paths;

export function ComposerIcon({ name, className, filled }: { name: ComposerIconName; className?: string; filled?: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className={clsx('shrink-0', className ?? 'size-4')} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={paths[name]} />
    </svg>
  );
}

/** The quiet round buttons beside the model menu. */
export const TOOL_BUTTON =
  'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg px-2 text-sm text-ink-soft outline-none hover:bg-sunken hover:text-ink focus-visible:ring-4 focus-visible:ring-accent/15 disabled:cursor-default disabled:opacity-50 data-[state=open]:bg-sunken data-[state=open]:text-ink';
