import clsx from 'clsx';

export function PlusIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={clsx('size-4 shrink-0', className)} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
      <path d="M10 4v12M4 10h12" />
    </svg>
  );
}
