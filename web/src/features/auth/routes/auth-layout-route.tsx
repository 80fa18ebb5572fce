import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useBannerNotice } from '@/components/banner/banner-notice.tsx';
import { Alert } from '@/components/ui/alert.tsx';
import { Logo } from '@/components/ui/logo.tsx';
import { useStartupConfig } from '@/lib/config-queries.ts';
import { AuthFooter } from '../components/auth-footer.tsx';
import { SocialLogins } from '../components/social-logins.tsx';
import { authHeaderKey, showsSocialLogin } from '../lib/header-text.ts';
import type { AuthLayoutContext } from '../lib/layout-context.ts';

/** Layout of the auth pages (spec 001 section 2): logo, per-path header, social sign-in, footer, banner. */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: config, isError } = useStartupConfig();
  const headerKey = authHeaderKey(pathname);
  const wide = headerKey === 'register';
  const [socialHidden, setSocialHidden] = useState(false);
  const [context] = useState<AuthLayoutContext>(() => ({ setSocialHidden }));
  const banner = useBannerNotice();

  return (
    <div className="flex min-h-dvh flex-col">
      {isError ? (
        <div className="px-4 pt-4">
          <Alert tone="error" className="mx-auto max-w-xl">
            {t('errors.loginServer')}
          </Alert>
        </div>
      ) : null}
      {banner.notice}
      {/* Mounted once the banner is in place: it never pushes the form down under the pointer, and the field that asks for focus gets it. */}
      {banner.settled ? (
        <main className="flex flex-1 flex-col items-center px-4 pt-10 pb-12 sm:justify-center sm:pt-12">
          <div className={clsx('w-full animate-slide-up', wide ? 'max-w-2xl' : 'max-w-md')}>
            <Link to="/welcome" className="mx-auto mb-8 flex w-fit rounded-lg">
              <Logo title={config?.appTitle || undefined} />
            </Link>
            <div className="rounded-3xl border border-line bg-surface px-6 py-8 shadow-lift sm:px-10 sm:py-10">
              {headerKey ? (
                <header className="mb-7 text-center">
                  <h1 className="text-3xl font-semibold text-ink">{t(`auth.header.${headerKey}`)}</h1>
                  {headerKey === 'login' || headerKey === 'register' ? (
                    <p className="mt-2 text-ink-soft">{t(`auth.subheader.${headerKey}`)}</p>
                  ) : null}
                </header>
              ) : null}
              <Outlet context={context} />
              {config && !socialHidden && showsSocialLogin(pathname) ? <SocialLogins config={config} /> : null}
            </div>
            {headerKey === 'login' ? (
              <div className="mt-6 flex flex-col items-center gap-2 text-sm text-ink-soft">
                {config?.registrationEnabled ? <PromptLink prompt={t('auth.login.noAccount')} to="/register" label={t('auth.login.signUp')} /> : null}
                <PromptLink prompt={t('auth.footer.newHere')} to="/welcome" label={t('auth.footer.learnMore')} />
              </div>
            ) : null}
          </div>
        </main>
      ) : (
        <main className="flex-1" />
      )}
      <AuthFooter config={config} />
    </div>
  );
}

/** A line under the sign-in card: a question, then the link that answers it. */
function PromptLink({ prompt, to, label }: { prompt: string; to: string; label: string }) {
  return (
    <p>
      {prompt}{' '}
      <Link to={to} className="font-medium text-accent underline-offset-4 hover:underline">
        {label}
      </Link>
    </p>
  );
}
