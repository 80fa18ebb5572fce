import { DEFAULT_APP_TITLE } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { MessageTree } from '@/components/messages/message-tree.tsx';
import { Alert } from '@/components/ui/alert.tsx';
import { Logo } from '@/components/ui/logo.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { useStartupConfig } from '@/lib/config-queries.ts';
import { sharedConversationQuery } from '../api/share-queries.ts';
import { ShareFooter } from './share-footer.tsx';
import { formatShareDate, shareDocumentTitle } from '../lib/share-format.ts';

function Frame({ appTitle, children }: { appTitle: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex h-16 w-full max-w-3xl items-center px-5 sm:px-8">
        <Logo title={appTitle} className="scale-90" />
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-5 pt-6 pb-28 sm:px-8 sm:pt-10">{children}</main>
    </div>
  );
}

/**
 * /share/:shareId, public and read-only (spec 000 section 2): spinner, then title, date and the
 * message tree; a missing link or one without messages says so. Free of the router, so the share
 * entry (share-main.tsx) renders it without the app (decision 0046).
 */
export function SharePage({ shareId }: { shareId: string }) {
  const { t } = useTranslation();
  const config = useStartupConfig();
  const share = useQuery(sharedConversationQuery(shareId));
  const appTitle = config.data?.appTitle || DEFAULT_APP_TITLE;
  const title = share.data?.title;
  // The title paints first; the messages (markdown, code, the virtualiser) render as a deferred value,
  // in a transition React splits into 5 ms slices, instead of one long task (issue 25).
  // `null` first, not undefined (which React treats as no initial value), so a prefetched share still renders deferred.
  const messages = useDeferredValue(share.data?.messages ?? null, null);

  // The app title, and the conversation's before it once known (in the share entry no root layout titles the page).
  useEffect(() => {
    document.title = title ? shareDocumentTitle(title, config.data?.appTitle) : appTitle;
    return () => {
      document.title = appTitle;
    };
  }, [title, config.data?.appTitle, appTitle]);

  // Wait for the config too, so the title and footer settle in one step.
  if (share.isPending || config.isPending) {
    return (
      <div className="grid min-h-dvh place-items-center text-2xl text-accent">
        <Spinner label={t('share.loading')} />
      </div>
    );
  }

  const missing = (share.error instanceof ApiError && share.error.status === 404) || (share.data && share.data.messages.length === 0);
  let body: ReactNode;
  if (missing) {
    body = (
      <div className="mx-auto max-w-md pt-16 text-center">
        <h1 className="text-3xl font-semibold text-ink">{t('share.notFound')}</h1>
        <p className="mt-3 text-ink-soft">{t('share.notFoundHint')}</p>
      </div>
    );
  } else if (share.isError) {
    body = <Alert>{share.error instanceof ApiError && share.error.isNetworkError ? t('errors.network') : t('errors.generic')}</Alert>;
  } else {
    const { data } = share;
    body = (
      <>
        <p className="text-xs font-semibold tracking-wider text-ink-faint uppercase">{t('share.sharedOn')}</p>
        <h1 className="mt-2 text-3xl leading-tight font-semibold break-words text-ink sm:text-4xl">{data.title}</h1>
        <p className="mt-2 text-ink-soft">
          <time dateTime={data.createdAt}>{formatShareDate(data.createdAt)}</time>
        </p>
        <div className="mt-8 border-t border-line pt-8">
          {messages ? (
            <MessageTree messages={messages} />
          ) : (
            <div className="grid place-items-center py-10 text-xl text-accent">
              <Spinner label={t('share.loading')} />
            </div>
          )}
        </div>
      </>
    );
  }

  return (
    <>
      <Frame appTitle={appTitle}>{body}</Frame>
      <ShareFooter config={config.data} />
    </>
  );
}
