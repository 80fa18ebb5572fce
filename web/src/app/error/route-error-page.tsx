import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '@/components/ui/button.tsx';
import { Logo } from '@/components/ui/logo.tsx';
import { downloadErrorLog } from '@/lib/error-log.ts';
import { describeError } from './describe-error.ts';
import { NotFoundPage } from './not-found-page.tsx';

/** The generic error page (spec 001 section 2), used as every route's error boundary. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const thrown = useRouteError();
  const error = describeError(thrown);
  const [copied, setCopied] = useState(false);

  const copyStack = async () => {
    if (!error.stack) return;
    try {
      await navigator.clipboard.writeText(error.stack);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 3000);
    } catch {
      setCopied(false);
    }
  };

  // An unknown address, or a record the server no longer has: not an error to report.
  if (error.status === 404) return <NotFoundPage message={isRouteErrorResponse(thrown) ? undefined : error.message} />;

  const download = () => void downloadErrorLog(error);
  const details = error.details === null || error.details === undefined ? null : JSON.stringify(error.details, null, 2);

  return (
    // A div, not main: inside the app shell the page already sits in the shell's main, whose logo
    // makes this one redundant there.
    <div className="mx-auto flex max-w-2xl flex-col gap-8 px-5 py-12 sm:py-20">
      <Logo className="[#main_&]:hidden" />
      <div>
        <h1 className="text-3xl font-semibold text-ink sm:text-4xl">{t('errorPage.title')}</h1>
        <p className="mt-3 text-ink-soft">{t('errorPage.intro')}</p>
      </div>

      <section className="rounded-2xl border border-line bg-surface p-5 shadow-soft">
        <p className="font-medium break-words text-ink">{error.message}</p>
        {error.status ? <p className="mt-1 text-sm text-ink-faint">{t('errorPage.status', { status: String(error.status) })}</p> : null}
        {error.stack ? (
          <details className="mt-4 group">
            <summary className="cursor-pointer text-sm font-medium text-ink-soft">{t('errorPage.stack')}</summary>
            <pre className="mt-2 max-h-64 overflow-auto rounded-lg bg-sunken p-3 text-xs leading-relaxed text-ink-soft">{error.stack}</pre>
            <Button variant="secondary" size="sm" className="mt-2" onClick={copyStack}>
              {copied ? t('errorPage.copied') : t('errorPage.copyStack')}
            </Button>
          </details>
        ) : null}
        {details ? (
          <details className="mt-4">
            <summary className="cursor-pointer text-sm font-medium text-ink-soft">{t('errorPage.details')}</summary>
            <pre className="mt-2 max-h-48 overflow-auto rounded-lg bg-sunken p-3 text-xs text-ink-soft">{details}</pre>
          </details>
        ) : null}
      </section>

      <div className="flex flex-wrap gap-3">
        <Button onClick={() => window.location.reload()}>{t('errorPage.refresh')}</Button>
        <Button variant="secondary" onClick={download}>
          {t('errorPage.download')}
        </Button>
      </div>
      <p className="text-sm text-ink-faint">{t('errorPage.contactAdmin')}</p>
    </div>
  );
}
