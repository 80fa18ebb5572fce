import clsx from 'clsx';
import { useMemo } from 'react';
import { emojiRenders } from '@/lib/emoji-support.ts';

/** A target (the spec's default win icon), drawn so it shows without an emoji font. */
export function TargetIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={clsx('shrink-0 text-accent', className)} fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
      <circle cx="10" cy="10" r="7.5" />
      <circle cx="10" cy="10" r="4.25" />
      <circle cx="10" cy="10" r="1.25" fill="currentColor" />
    </svg>
  );
}

/**
 * The member's chosen emoji for a win, where this browser can draw it; elsewhere (no emoji font,
 * which showed empty boxes) the target icon stands in.
 */
export function WinEmoji({ emoji, iconClassName }: { emoji: string; iconClassName: string }) {
  const renders = useMemo(() => emoji !== '' && emojiRenders(emoji), [emoji]);
  return renders ? <>{emoji}</> : <TargetIcon className={iconClassName} />;
}
