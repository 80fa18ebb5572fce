import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { initials } from '@/lib/initials.ts';
import { PlusMenu } from './plus-menu.tsx';

interface TopBarProps {
  /** The date header (previous, label, next, go-to-today). */
  children: ReactNode;
  name: string;
  onNewReflection: () => void;
}

/** Today's top bar: the date on the left; the plus menu and the avatar with its notification dot. */
export function TopBar({ children, name, onNewReflection }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-2 sm:gap-3">
      {children}
      <div className="flex shrink-0 items-center gap-2 sm:gap-3">
        <PlusMenu onNewReflection={onNewReflection} />
        <span className="relative" role="img" aria-label={t('today.avatar', { name })}>
          <span className="grid size-9 place-items-center rounded-full border border-line bg-sunken text-sm font-semibold text-ink-soft" aria-hidden="true">
            {initials(name)}
          </span>
          <span className="absolute -top-0.5 -right-0.5 size-2.5 rounded-full bg-accent ring-2 ring-canvas" aria-hidden="true" />
        </span>
      </div>
    </div>
  );
}
