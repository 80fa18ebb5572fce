import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { mayHoldSession } from '@/lib/api-client.ts';
import { getSession } from '@/lib/auth-session.ts';
import { bootstrapSession } from '@/lib/session-bootstrap.ts';

let appQueryClient: QueryClient | undefined;

/** main.tsx hands its query client over before the router starts, so route loaders can warm its cache. */
export function setPreloadQueryClient(queryClient: QueryClient | undefined): void {
  appQueryClient = queryClient;
}

/**
 * /c/:conversationId's loader: starts the conversation's code and data alongside the route's own
 * chunk, without holding the navigation (it answers at once). The code goes at once for a visitor
 * who may hold a session (the hint cookie); the data waits for the session, and a signed-out
 * visitor, whom the guard sends to /login, fetches nothing.
 */
export function preloadConversationRoute({ params }: LoaderFunctionArgs): null {
  const queryClient = appQueryClient;
  const conversationId = params.conversationId;
  if (!queryClient || !conversationId || !mayHoldSession()) return null;
  void import('@/features/chat/routes/conversation-preload.ts').then(({ preloadConversationCode, preloadConversationData }) => {
    preloadConversationCode(conversationId);
    return bootstrapSession().then(() => {
      if (getSession().status === 'authenticated') preloadConversationData(queryClient, conversationId);
    });
  }, () => undefined); // A chunk that fails here fails again in the page, which shows the error.
  return null;
}

/**
 * The signed-in shell's loader: what every signed-in page reads (signed-in-preload.ts), asked for
 * once the session is restored. Its code is fetched with the route's chunks, so it is there when
 * the session is. Answers at once.
 */
export function preloadSignedInRoute(): null {
  const queryClient = appQueryClient;
  if (!queryClient || !mayHoldSession()) return null;
  void Promise.all([import('./signed-in-preload.ts'), bootstrapSession()]).then(([{ preloadSignedInData }]) => preloadSignedInData(queryClient), () => undefined);
  return null;
}
