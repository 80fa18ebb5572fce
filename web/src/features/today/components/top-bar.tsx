import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { PlusMenu } from './plus-menu.tsx';

interface TopBarProps {
  /** The date header (previous, label, next, go-to-today). */
  children: ReactNode;
  name: string;
  /** The member's picture; the initials without one. */
  avatar?: string | null;
  onNewReflection: () => void;
}

/** Today's top bar: the date on the left; the plus menu and the avatar with its notification dot. */
export function TopBar({ children, name, avatar = null, onNewReflection }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-2 sm:gap-3">
      {children}
      <div className="flex shrink-0 items-center gap-2 sm:gap-3">
        <PlusMenu onNewReflection={onNewReflection} />
        <span className="relative" role="img" aria-label={t('today.avatar', { name })}>
          <UserAvatar name={name} avatar={avatar} className="size-9 border border-line bg-sunken! text-sm font-semibold text-ink-soft!" />
          <span className="absolute -top-0.5 -right-0.5 size-2.5 rounded-full bg-accent ring-2 ring-canvas" aria-hidden="true" />
        </span>
      </div>
    </div>
  );
}
