import clsx from 'clsx';

/** Line icons used by message actions; paths on a 20×20 grid. */
export const iconPaths = {
  copy: 'M7 7V4.5A1.5 1.5 0 0 1 8.5 3h7A1.5 1.5 0 0 1 17 4.5v7a1.5 1.5 0 0 1-1.5 1.5H13M4.5 7h7A1.5 1.5 0 0 1 13 8.5v7a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 3 15.5v-7A1.5 1.5 0 0 1 4.5 7Z',
  check: 'm4.5 10.5 3.5 3.5 7.5-8',
  chevronLeft: 'm12 5-5 5 5 5',
  chevronRight: 'm8 5 5 5-5 5',
  chevronDown: 'm5 8 5 5 5-5',
  edit: 'M12.5 4.5l3 3M4 16l1-4 8.5-8.5a1.4 1.4 0 0 1 2 0l1 1a1.4 1.4 0 0 1 0 2L8 15l-4 1Z',
  fork: 'M7.75 4.5a1.75 1.75 0 1 1-3.5 0 1.75 1.75 0 0 1 3.5 0ZM7.75 15.5a1.75 1.75 0 1 1-3.5 0 1.75 1.75 0 0 1 3.5 0ZM15.75 4.5a1.75 1.75 0 1 1-3.5 0 1.75 1.75 0 0 1 3.5 0ZM6 6.25v7.5M14 6.25v1a3 3 0 0 1-3 3H9a3 3 0 0 0-3 3',
  share: 'M10 12.5V3.5M6.5 7 10 3.5 13.5 7M4.5 10.5v5a1 1 0 0 0 1 1h9a1 1 0 0 0 1-1v-5',
  send: 'M10 16V4.5M5 9.5l5-5 5 5',
  stop: 'M6.5 5.5h7a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1h-7a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1Z',
  regenerate: 'M15.5 10a5.5 5.5 0 1 1-1.6-3.9M15.5 3.5v3h-3',
  cross: 'm6 6 8 8M14 6l-8 8',
  lock: 'M6.5 9V6.5a3.5 3.5 0 0 1 7 0V9M5.5 9h9a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1h-9a1 1 0 0 1-1-1v-6a1 1 0 0 1 1-1Z',
  alert: 'M10 7.5v3.5M10 14h.01M8.7 3.6 2.9 14a1.5 1.5 0 0 0 1.3 2.2h11.6a1.5 1.5 0 0 0 1.3-2.2L11.3 3.6a1.5 1.5 0 0 0-2.6 0Z',
  agent: 'M10 3.5a3 3 0 1 1 0 6 3 3 0 0 1 0-6ZM4.5 16.5a5.5 5.5 0 0 1 11 0',
  play: 'M6.5 4.8v10.4a.8.8 0 0 0 1.2.7l8.2-5.2a.8.8 0 0 0 0-1.4L7.7 4.1a.8.8 0 0 0-1.2.7Z',
} as const;

export type IconName = keyof typeof iconPaths;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={clsx('shrink-0', className ?? 'size-4')} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={iconPaths[name]} />
    </svg>
  );
}
