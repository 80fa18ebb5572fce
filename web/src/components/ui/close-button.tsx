import clsx from 'clsx';

/** The small × button that closes a toast, a banner or the navigation overlay. */
export function CloseButton({ label, onClick, className }: { label: string; onClick: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={clsx('grid shrink-0 place-items-center rounded-lg text-ink-soft hover:text-ink', className ?? 'size-8 hover:bg-sunken')}
    >
      <svg viewBox="0 0 16 16" className="size-3.5" aria-hidden="true">
        <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
    </button>
  );
}
