import type { QueryClient } from '@tanstack/react-query';
import { convoQuery, messagesQuery } from '../api/chat-queries.ts';
import { isNewConversationId } from '../lib/conversation-id.ts';

/**
 * Starts everything a conversation's first paint waits for at once: the view's code (with the
 * markdown renderer) and the conversation with its first page of messages. Called by the route's
 * loader, so none of it waits for the page's chunk to load and render first (issue 25: the chunk,
 * then the view's chunk, then its queries ran one after another).
 */
export function preloadConversation(queryClient: QueryClient, conversationId: string): void {
  if (isNewConversationId(conversationId)) return;
  void import('../components/conversation/conversation-view.tsx');
  void queryClient.prefetchQuery(convoQuery(conversationId));
  void queryClient.prefetchQuery(messagesQuery(conversationId));
}
