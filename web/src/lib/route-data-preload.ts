import type { QueryClient } from '@tanstack/react-query';
import type { ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { mayHoldSession } from './api-client.ts';
import { getSession } from './auth-session.ts';
import { bootstrapSession } from './session-bootstrap.ts';

let appQueryClient: QueryClient | undefined;

/** main.tsx hands its query client over before the router starts, so route loaders can warm its cache. */
export function setPreloadQueryClient(queryClient: QueryClient | undefined): void {
  appQueryClient = queryClient;
}

/**
 * A signed-in route's loader: `prefetch` asks for what the page reads once the session is restored,
 * into the cache its hooks read (the same query options, so nothing is fetched twice). Answers
 * null at once and never holds the navigation. Before (issue 25 §7), a page asked for its data
 * from its own first render, after the shell had drawn with its data: a second or more at 4x CPU.
 * A visitor without a session (no hint cookie) asks for nothing.
 */
export function preloadWhenSignedIn(prefetch: (queryClient: QueryClient) => void): null {
  const queryClient = appQueryClient;
  if (!queryClient || !mayHoldSession()) return null;
  void bootstrapSession().then(() => {
    if (getSession().status === 'authenticated') prefetch(queryClient);
  });
  return null;
}

/**
 * A preloading page's shouldRevalidate: its loader runs again only when one of the search
 * parameters it reads changes. Otherwise a selection kept in the address (a thread, an agent), the
 * same link again or a tidied address ran it again, and it fetched data the page already held once
 * that was stale.
 */
export function revalidateOnSearch(...names: string[]): (args: ShouldRevalidateFunctionArgs) => boolean {
  return ({ currentUrl, nextUrl }) => names.some((name) => currentUrl.searchParams.get(name) !== nextUrl.searchParams.get(name));
}
