import clsx from 'clsx';

const paths = {
  artifact: 'M6 3.5h5.5L15 7v8.5a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-11a1 1 0 0 1 1-1ZM11 3.5V7h4M8 11l-1.5 1.5L8 14M12 11l1.5 1.5L12 14',
  download: 'M10 3.5v9M6.5 9 10 12.5 13.5 9M4.5 15.5h11',
  close: 'm6 6 8 8M14 6l-8 8',
} as const;

export function ArtifactIcon({ name, className }: { name: keyof typeof paths; className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={clsx('shrink-0', className ?? 'size-4')} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={paths[name]} />
    </svg>
  );
}
