import clsx from 'clsx';
import { useEffect, useMemo, type ComponentType } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link, useLocation } from 'react-router-dom';
import { Logo } from '@/components/ui/logo.tsx';
import { useFeatureShown } from '@/lib/permissions.ts';
import { usePromptsEnabled } from '@/lib/prompt-queries.ts';
import { activeNavItem, visibleNavGroups } from '../lib/nav-items.ts';
import { NavRail } from './nav-rail.tsx';
import { NewChatLink } from './new-chat-link.tsx';
import { UserMenu } from './user-menu.tsx';
import { CloseButton } from '@/components/ui/close-button.tsx';

interface SidebarProps {
  id: string;
  open: boolean;
  /** Narrow screens: an overlay with a backdrop instead of a docked column. */
  overlay: boolean;
  onClose: () => void;
  /** The conversation history, the sidebar's main column (the chat feature supplies it). */
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

  // Escape closes the overlay; the docked sidebar stays put. Not an Escape something inside has
  // already answered (a row's menu, a dialog: Radix marks the one it dismisses), so one Escape
  // closes one layer.
  useEffect(() => {
    if (!overlay || !open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [overlay, open, onClose]);

  return (
    <>
      {overlay && open ? (
        <div data-testid="nav-backdrop" aria-hidden="true" onClick={onClose} className="fixed inset-0 z-30 animate-fade-in bg-ink/30 backdrop-blur-[2px]" />
      ) : null}
      {/* Two columns: the programme's icon rail, and the history, which has the whole height between
          the new-chat button and the account menu to itself (decision 0038). */}
      <aside
        id={id}
        hidden={!open}
        className={clsx(
          'flex h-dvh border-r border-line bg-surface',
          overlay ? 'fixed inset-y-0 left-0 z-40 w-80 max-w-[85vw] animate-slide-up shadow-lift' : 'sticky top-0 w-[308px] shrink-0',
        )}
      >
        <div className="flex w-[72px] shrink-0 flex-col border-r border-line bg-canvas/60">
          <div className="grid h-14 shrink-0 place-items-center">
            <Link to="/today" onClick={onNavigate} className="rounded-lg">
              <Logo markOnly />
            </Link>
          </div>
          <nav aria-label={t('shell.nav.label')} className="min-h-0 flex-1 overflow-y-auto px-1 pb-2">
            <NavRail groups={groups} active={activeNavItem(pathname)} onNavigate={onNavigate} />
          </nav>
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="flex h-14 shrink-0 items-center gap-2 px-3">
            <NewChatLink onNavigate={onNavigate} className="min-w-0 flex-1" />
            {overlay ? <CloseButton label={t('shell.nav.close')} onClick={onClose} className="size-9 shrink-0 hover:bg-sunken" /> : null}
          </div>
          {History ? <History onNavigate={onNavigate} /> : <div className="flex-1" />}
          <div className="border-t border-line p-2">
            <UserMenu />
          </div>
        </div>
      </aside>
    </>
  );
}
