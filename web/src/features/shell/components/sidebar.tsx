import clsx from 'clsx';
import { useEffect, useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Logo } from '@/components/ui/logo.tsx';
import { useFeatureShown } from '@/lib/permissions.ts';
import { usePromptsEnabled } from '@/lib/prompt-queries.ts';
import { activeNavItem, visibleNavGroups } from '../lib/nav-items.ts';
import { NavList } from './nav-list.tsx';
import { NewChatLink } from './new-chat-link.tsx';
import { UserMenu } from './user-menu.tsx';
import { CloseButton } from '@/components/ui/close-button.tsx';

interface SidebarProps {
  id: string;
  open: boolean;
  /** Narrow screens: an overlay with a backdrop instead of a docked column. */
  overlay: boolean;
  onClose: () => void;
  /** The conversation history, drawn below the menu groups (the chat feature supplies it). */
  history?: ComponentType<{ onNavigate: () => void }>;
}

const stay = () => {};

export function Sidebar({ id, open, overlay, onClose, history: History }: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const onNavigate = overlay ? onClose : stay;
  const promptsOpen = usePromptsEnabled();
  const agentsOpen = useFeatureShown('agents', 'AGENTS');
  const groups = useMemo(() => visibleNavGroups(undefined, { prompts: promptsOpen, agents: agentsOpen }), [promptsOpen, agentsOpen]);

  // Escape closes the overlay; the docked sidebar stays put.
  useEffect(() => {
    if (!overlay || !open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [overlay, open, onClose]);

  return (
    <>
      {overlay && open ? (
        <div data-testid="nav-backdrop" aria-hidden="true" onClick={onClose} className="fixed inset-0 z-30 animate-fade-in bg-ink/30 backdrop-blur-[2px]" />
      ) : null}
      <aside
        id={id}
        hidden={!open}
        className={clsx(
          'flex h-dvh flex-col border-r border-line bg-surface',
          overlay ? 'fixed inset-y-0 left-0 z-40 w-80 max-w-[85vw] animate-slide-up shadow-lift' : 'sticky top-0 w-[260px] shrink-0',
        )}
      >
        <div className="flex h-16 items-center justify-between px-5">
          <Link to="/today" onClick={overlay ? onClose : undefined} className="rounded-lg">
            <Logo />
          </Link>
          {overlay ? (
            <CloseButton label={t('shell.nav.close')} onClick={onClose} className="size-9 hover:bg-sunken" />
          ) : null}
        </div>
        <div className="px-3 pt-1 pb-2">
          <NewChatLink onNavigate={onNavigate} />
        </div>
        {/* The menu's eight items fit whole in 65% of a laptop-height sidebar; the chat history scrolls in the rest. */}
        <nav aria-label={t('shell.nav.label')} className={clsx('overflow-y-auto px-3 py-3', History ? 'max-h-[65%] shrink-0' : 'flex-1')}>
          <NavList groups={groups} active={activeNavItem(pathname)} onNavigate={onNavigate} />
        </nav>
        {History ? <History onNavigate={onNavigate} /> : null}
        <div className="border-t border-line p-3">
          <UserMenu />
        </div>
      </aside>
    </>
  );
}
