import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';

const icon = 'M10.5 4H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V9.5M14.5 3.5l2 2L10 12l-2.75.75L8 10Z';

interface NewChatLinkProps {
  onNavigate?: () => void;
  /** The icon alone, for the phone header. */
  compact?: boolean;
  className?: string;
}

/** Opens /c/new; a Ctrl or Cmd click is left to the browser, which opens it in a new tab. */
export function NewChatLink({ onNavigate, compact = false, className }: NewChatLinkProps) {
  const { t } = useTranslation();
  return (
    <Link
      to="/c/new"
      aria-label={compact ? t('shell.newChat') : undefined}
      onClick={(event) => {
        if (!event.ctrlKey && !event.metaKey) onNavigate?.();
      }}
      className={clsx(
        compact
          ? 'grid size-10 place-items-center rounded-xl text-ink-soft hover:bg-sunken hover:text-ink'
          : 'flex h-10 items-center gap-3 rounded-xl border border-line bg-canvas px-3 text-[0.95rem] font-medium text-ink shadow-soft transition-colors hover:border-line-strong hover:bg-sunken',
        className,
      )}
    >
      <svg viewBox="0 0 20 20" className="size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={icon} />
      </svg>
      {compact ? null : t('shell.newChat')}
    </Link>
  );
}
