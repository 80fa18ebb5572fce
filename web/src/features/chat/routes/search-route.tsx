import type { SearchMatch } from '@meld/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { dateFormat } from '@/lib/date-format.ts';
import { preloadWhenSignedIn, revalidateOnSearch } from '@/lib/route-data-preload.ts';
import { convoListQuery } from '../api/chat-queries.ts';
import { HighlightedText } from '../components/search/highlighted-text.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';

/** The text searched for: `?q=`, trimmed; empty asks for nothing. */
function searchedText(params: URLSearchParams): string {
  return (params.get('q') ?? '').trim();
}

/** Asks for the first page of matches as the session is restored (route-data-preload.ts). */
export function loader({ request }: LoaderFunctionArgs): null {
  const search = searchedText(new URL(request.url).searchParams);
  return search ? preloadWhenSignedIn((queryClient) => void queryClient.prefetchInfiniteQuery(convoListQuery({ search }))) : null;
}

/** The loader runs again only for another search (?q=). */
export const shouldRevalidate = revalidateOnSearch('q');

/** /search?q=…: conversations whose title or messages match, newest first, each with the text that matched highlighted. */
export function Component() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const search = searchedText(params);
  const query = useInfiniteQuery({ ...convoListQuery({ search }), enabled: search.length > 0 });
  const results = useMemo(() => query.data?.pages.flatMap((page) => page.conversations) ?? [], [query.data]);
  const matches = useMemo(() => Object.assign({}, ...(query.data?.pages.map((page) => page.matches ?? {}) ?? [])) as Record<string, SearchMatch>, [query.data]);
  const date = dateFormat(i18n.language, { dateStyle: 'medium' });
  useDocumentTitle(t('chat.search.title'));

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pt-4 pb-24 sm:px-8 sm:pt-8">
      <h1 className="text-3xl font-semibold text-ink">{search ? t('chat.search.resultsFor', { query: search }) : t('chat.search.title')}</h1>
      {!search ? (
        <p className="mt-4 text-ink-soft">{t('chat.search.prompt')}</p>
      ) : query.isPending ? (
        <div className="py-16 text-center text-2xl text-accent">
          <Spinner label={t('loading')} />
        </div>
      ) : results.length === 0 ? (
        <p className="mt-6 text-ink-soft">{t('chat.search.none', { query: search })}</p>
      ) : (
        <>
          <ul className="mt-6 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface shadow-soft">
            {results.map((convo) => {
              const match = matches[convo.conversationId];
              const snippet = match?.message;
              return (
                <li key={convo.conversationId}>
                  <Link to={`/c/${encodeURIComponent(convo.conversationId)}`} className="block px-5 py-4 transition-colors hover:bg-sunken focus-visible:bg-sunken focus-visible:outline-none">
                    <span className="flex items-baseline gap-4">
                      <span className="min-w-0 flex-1 truncate font-medium text-ink">{convo.title ? <HighlightedText text={convo.title} ranges={match?.title ?? []} /> : t('chat.untitled')}</span>
                      <time dateTime={convo.updatedAt} className="shrink-0 text-sm text-ink-faint">
                        {date.format(new Date(convo.updatedAt))}
                      </time>
                    </span>
                    {snippet ? (
                      <span className="mt-1 line-clamp-3 block text-sm leading-relaxed break-words text-ink-soft">
                        <span className="font-medium text-ink-faint">{t(snippet.isCreatedByUser ? 'chat.search.fromYou' : 'chat.search.fromReply')} </span>
                        {snippet.truncatedStart ? '…' : ''}
                        <HighlightedText text={snippet.text} ranges={snippet.highlights} />
                        {snippet.truncatedEnd ? '…' : ''}
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
          {query.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <Button variant="secondary" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
                {t('chat.search.more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
