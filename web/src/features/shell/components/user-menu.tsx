import clsx from 'clsx';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { toggleTheme } from '@/lib/theme.ts';
import { useSession } from '@/lib/use-session.ts';
import { useTheme } from '@/lib/use-theme.ts';
import { useLogout } from '../api/shell-queries.ts';
import { BalanceSummary } from './balance-summary.tsx';
import { useDismiss } from '@/lib/use-dismiss.ts';

const itemClass = 'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm text-ink hover:bg-sunken focus-visible:bg-sunken';

/** The account button at the foot of the sidebar: the token balance, settings, theme switch and sign out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const theme = useTheme();
  const logout = useLogout();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const name = user?.name || user?.email || '';

  const close = useCallback(() => setOpen(false), []);
  const trigger = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const inSettings = pathname.startsWith('/settings');
  const openedSettings = useRef(false);

  // Settings is a route: its dialog unmounts with the page change, and the focus would fall to
  // the page. Back from it, the focus returns to this button unless something else took it.
  useEffect(() => {
    if (inSettings || !openedSettings.current) return;
    openedSettings.current = false;
    const timer = setTimeout(() => {
      if (!document.activeElement || document.activeElement === document.body) trigger.current?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [inSettings]);
  const rootRef = useDismiss<HTMLDivElement>(open, close);

  return (
    <div ref={rootRef} className="relative">
      {open ? (
        <div className="absolute inset-x-0 bottom-full mb-2 animate-slide-up rounded-2xl border border-line bg-surface p-1.5 shadow-lift">
          <BalanceSummary />
          <div id={menuId} role="menu" className="pt-1 first:pt-0">
            <button
              type="button"
              role="menuitem"
              className={itemClass}
              onClick={() => {
                setOpen(false);
                openedSettings.current = true;
                trigger.current?.focus();
                void navigate('/settings/data');
              }}
            >
              {t('settings.title')}
            </button>
            <button type="button" role="menuitem" className={itemClass} onClick={() => toggleTheme()}>
              <span className="flex-1">{theme === 'dark' ? t('shell.userMenu.themeLight') : t('shell.userMenu.themeDark')}</span>
              <kbd className="font-sans text-xs text-ink-faint">{t('shell.userMenu.themeHint')}</kbd>
            </button>
            <button type="button" role="menuitem" className={itemClass} onClick={() => logout.mutate()} disabled={logout.isPending}>
              {logout.isPending ? <Spinner /> : null}
              {logout.isPending ? t('shell.userMenu.signingOut') : t('shell.userMenu.signOut')}
            </button>
          </div>
        </div>
      ) : null}
      <button
        ref={trigger}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('shell.userMenu.label', { name })}
        onClick={() => setOpen((value) => !value)}
        className={clsx('flex w-full items-center gap-3 rounded-xl p-2 text-left transition-colors hover:bg-sunken', open && 'bg-sunken')}
      >
        <UserAvatar name={name} avatar={user?.avatar} className="size-9 text-sm font-semibold" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-ink">{user?.name}</span>
          <span className="block truncate text-xs text-ink-faint">{user?.email}</span>
        </span>
      </button>
    </div>
  );
}
