import type { QueryClient } from '@tanstack/react-query';
import { endpointsQuery, modelsQuery } from '@/lib/endpoint-queries.ts';
import { convoQuery, messagesQuery } from '../api/chat-queries.ts';
import { isNewConversationId } from '../lib/conversation-id.ts';

/**
 * The conversation view's code, with the markdown renderer. Called by the route's loader as the
 * navigation starts, before the session is known (it needs none), so the chunk is on its way while
 * the session is restored (issue 25: the chunk, then the view's chunk, then its queries ran one
 * after another).
 */
export function preloadConversationCode(conversationId: string): void {
  if (!isNewConversationId(conversationId)) void import('../components/conversation/conversation-view.tsx');
}

/**
 * What the page reads, into the cache its hooks read, once the session is restored: the composer's
 * endpoints and models (a new chat too), and the conversation with its first page of messages.
 */
export function preloadConversationData(queryClient: QueryClient, conversationId: string): void {
  void queryClient.prefetchQuery(endpointsQuery);
  void queryClient.prefetchQuery(modelsQuery);
  if (isNewConversationId(conversationId)) return;
  void queryClient.prefetchQuery(convoQuery(conversationId));
  void queryClient.prefetchQuery(messagesQuery(conversationId));
}
