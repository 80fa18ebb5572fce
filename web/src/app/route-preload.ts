import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { getSession } from '@/lib/auth-session.ts';
import { bootstrapSession } from '@/lib/session-bootstrap.ts';

let appQueryClient: QueryClient | undefined;

/** main.tsx hands its query client over before the router starts, so route loaders can warm its cache. */
export function setPreloadQueryClient(queryClient: QueryClient | undefined): void {
  appQueryClient = queryClient;
}

/**
 * /c/:conversationId's loader: starts the conversation's code and data alongside the route's own
 * chunk, without holding the navigation (it answers at once). Only for a member: a visitor still
 * being signed in waits for the session, and a signed-out one is sent to /login by the guard.
 */
export function preloadConversationRoute({ params }: LoaderFunctionArgs): null {
  const queryClient = appQueryClient;
  const conversationId = params.conversationId;
  if (!queryClient || !conversationId) return null;
  void Promise.all([import('@/features/chat/routes/conversation-preload.ts'), bootstrapSession()]).then(([{ preloadConversation }]) => {
    if (getSession().status === 'authenticated') preloadConversation(queryClient, conversationId);
  }, () => undefined); // A chunk that fails here fails again in the page, which shows the error.
  return null;
}
