import clsx from 'clsx';
import type { ReactNode } from 'react';

/** Shared cell styles of the settings tables: hairline rows, a quiet sticky header. */
export const headClass = 'sticky top-0 z-10 border-b border-line bg-surface px-2 py-2.5 text-left text-xs font-semibold tracking-wider text-ink-faint uppercase';
export const cellClass = 'border-b border-line px-2 py-3 align-middle group-last:border-b-0';

interface IconButtonProps {
  label: string;
  onClick: () => void;
  tone?: 'neutral' | 'danger';
  disabled?: boolean;
  children: ReactNode;
}

export function IconButton({ label, onClick, tone = 'neutral', disabled, children }: IconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={clsx(
        'inline-grid size-9 place-items-center rounded-lg text-ink-faint transition-colors disabled:opacity-50',
        tone === 'danger' ? 'hover:bg-danger-soft hover:text-danger' : 'hover:bg-sunken hover:text-ink',
      )}
    >
      {children}
    </button>
  );
}

const iconProps = {
  viewBox: '0 0 20 20',
  className: 'size-[1.05rem]',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

export function TrashIcon() {
  return (
    <svg {...iconProps}>
      <path d="M3.5 5.5h13M8 5.5V4a1 1 0 0 1 1-1h2a1 1 0 0 1 1 1v1.5M5.5 5.5l.7 10a1.5 1.5 0 0 0 1.5 1.4h4.6a1.5 1.5 0 0 0 1.5-1.4l.7-10M8.5 9v4.5M11.5 9v4.5" />
    </svg>
  );
}

export function UnarchiveIcon() {
  return (
    <svg {...iconProps}>
      <path d="M3 4.5h14v3H3zM4.5 7.5v7.5A1.5 1.5 0 0 0 6 16.5h8a1.5 1.5 0 0 0 1.5-1.5V7.5M10 14v-4.5M7.75 11.5 10 9.25l2.25 2.25" />
    </svg>
  );
}
