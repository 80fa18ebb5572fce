import clsx from 'clsx';
import { useMemo, useState } from 'react';
import { initials } from '@/lib/initials.ts';
import { useSession } from '@/lib/use-session.ts';

interface UserAvatarProps {
  /** The name the initials come from when there is no picture (or it fails to load). */
  name: string;
  avatar: string | null | undefined;
  /** Size, type and colour classes; the circle and centring are given. */
  className?: string;
  /** Announced as an image with this name; without it the avatar is decoration beside a visible name. */
  label?: string;
  /** The label while only the initials show. */
  initialsLabel?: string;
}

/** The user's round profile picture, or their initials on the accent colour. */
export function UserAvatar({ name, avatar, className, label, initialsLabel }: UserAvatarProps) {
  // A picture that failed to load (deleted, offline) falls back to the initials until the url changes.
  const [failed, setFailed] = useState<string | null>(null);
  const a11y = (text: string | undefined) => (text ? { role: 'img', 'aria-label': text } : { 'aria-hidden': true });
  if (avatar && failed !== avatar) {
    return <img src={avatar} alt={label ?? ''} aria-hidden={label ? undefined : true} onError={() => setFailed(avatar)} className={clsx('shrink-0 rounded-full object-cover', className)} />;
  }
  return (
    <span {...a11y(initialsLabel ?? label)} className={clsx('grid shrink-0 place-items-center rounded-full bg-accent text-accent-contrast', className)}>
      {initials(name)}
    </span>
  );
}

/** The signed-in user as their messages' author: the name initials come from and their picture. */
export function useSignedInAuthor(): { name: string; avatar: string | null } | undefined {
  const { user } = useSession();
  return useMemo(() => (user ? { name: user.name || user.email, avatar: user.avatar } : undefined), [user]);
}
