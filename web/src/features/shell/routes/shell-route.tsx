import clsx from 'clsx';
import { useMemo, type ComponentType } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Outlet, useLocation } from 'react-router-dom';
import { useBannerNotice } from '@/components/banner/banner-notice.tsx';
import { MessageDisplaySettingsProvider } from '@/components/messages/display-settings.tsx';
import { Logo } from '@/components/ui/logo.tsx';
import { useUserSettings, useUserSettingsSync } from '@/lib/user-settings.ts';
import { FeedPanel } from '../components/feed-panel.tsx';
import { NewChatLink } from '../components/new-chat-link.tsx';
import { QuickAddMenu, showsQuickAdd } from '../components/quick-add-menu.tsx';
import { Sidebar } from '../components/sidebar.tsx';
import { TermsModal } from '../components/terms-modal.tsx';
import { ThemeToggle } from '../components/theme-toggle.tsx';
import { useNavVisible } from '../hooks/use-nav-visible.ts';
import { useThemeShortcut } from '../hooks/use-theme-shortcut.ts';

const SIDEBAR_ID = 'app-sidebar';

interface ShellLayoutProps {
  /** The sidebar's conversation history; the route table composes it in (features do not import each other). */
  history?: ComponentType<{ onNavigate: () => void }>;
  /** The phone header's title (spec 000, mobile header: the conversation's date or today's); the chat feature supplies it. */
  headerTitle?: ComponentType;
}

/** The signed-in app shell (spec 002 section 2): sidebar, top bar with its toggle, and the page. */
export function ShellLayout({ history, headerTitle: HeaderTitle }: ShellLayoutProps) {
  const { t } = useTranslation();
  const nav = useNavVisible();
  const { pathname } = useLocation();
  useThemeShortcut();
  useUserSettingsSync();
  const { latex, showCode, showThinking, userMarkdown } = useUserSettings();
  const banner = useBannerNotice();
  // The phone header names the day; wider screens have room for the page's own heading instead.
  const PhoneTitle = nav.wide ? undefined : HeaderTitle;
  const display = useMemo(() => ({ latex, showCode, showThinking, userMarkdown }), [latex, showCode, showThinking, userMarkdown]);

  return (
    <MessageDisplaySettingsProvider value={display}>
      <div className="flex min-h-dvh">
        <a href="#main" className="sr-only z-50 rounded-lg bg-surface font-medium text-ink shadow-lift focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2">
          {t('shell.skipToContent')}
        </a>
        <Sidebar id={SIDEBAR_ID} open={nav.open} overlay={!nav.wide} onClose={nav.close} history={history} />
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-20 flex h-16 items-center gap-3 bg-canvas/85 px-4 backdrop-blur sm:px-6">
            <button
              type="button"
              onClick={nav.toggle}
              aria-expanded={nav.open}
              aria-controls={SIDEBAR_ID}
              aria-label={nav.open ? t('shell.nav.close') : t('shell.nav.open')}
              className="grid size-10 place-items-center rounded-xl text-ink-soft hover:bg-sunken hover:text-ink"
            >
              <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" aria-hidden="true">
                <rect x="3.5" y="4.5" width="17" height="15" rx="3" />
                <path d="M9.5 4.5v15" />
              </svg>
            </button>
            {PhoneTitle ? (
              <div className="min-w-0 flex-1 text-center">
                <PhoneTitle />
              </div>
            ) : !nav.wide || !nav.open ? (
              <Logo className="scale-90" />
            ) : null}
            <ThemeToggle className={PhoneTitle ? undefined : 'ml-auto'} />
            {nav.wide ? null : <NewChatLink compact />}
          </header>
          {/* Below the bar, not above it: a banner arriving late would push the bar's buttons from under a finger mid-tap. */}
          {banner.notice}
          {/* Room below the page for the floating quick-add button, so the page's last controls scroll clear of it. */}
          {/* The page mounts once the banner is in place, so the bar never pushes it under the pointer, and a field that asks for focus gets it. */}
          <main id="main" tabIndex={-1} className={clsx('flex-1 outline-none', showsQuickAdd(pathname) && 'pb-24 sm:pb-28')}>
            {banner.settled ? <Outlet /> : null}
          </main>
        </div>
        <FeedPanel />
      </div>
      <QuickAddMenu />
      <TermsModal />
    </MessageDisplaySettingsProvider>
  );
}

export function Component() {
  return <ShellLayout />;
}
