import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { feedQuery } from '@/lib/mentor-feed-query.ts';
import { PlusMenu } from './plus-menu.tsx';

interface TopBarProps {
  /** The date header (previous, label, next, go-to-today). */
  children: ReactNode;
  name: string;
  /** The member's picture; the initials without one. */
  avatar?: string | null;
  onNewReflection: () => void;
}

/**
 * Today's top bar: the date on the left; the plus menu and the avatar. The avatar leads to the
 * mentor feed, and its dot says the feed holds cards the member has not seen yet (opening the feed
 * marks them seen on the server, which puts the dot out).
 */
export function TopBar({ children, name, avatar = null, onNewReflection }: TopBarProps) {
  const { t } = useTranslation();
  const unseen = useQuery(feedQuery()).data?.unseen ?? 0;
  return (
    <div className="flex items-center justify-between gap-2 sm:gap-3">
      {children}
      <div className="flex shrink-0 items-center gap-2 sm:gap-3">
        <PlusMenu onNewReflection={onNewReflection} />
        <Link
          to="/mentor/feed"
          aria-label={unseen > 0 ? t('today.feedLinkNew', { count: unseen }) : t('today.feedLink')}
          className="relative rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
        >
          <UserAvatar name={name} avatar={avatar} className="size-9 border border-line bg-sunken! text-sm font-semibold text-ink-soft!" />
          {unseen > 0 ? <span className="absolute -top-0.5 -right-0.5 size-2.5 rounded-full bg-accent ring-2 ring-canvas" aria-hidden="true" /> : null}
        </Link>
      </div>
    </div>
  );
}
