import type { QueryClient } from '@tanstack/react-query';
import { endpointsQuery, modelsQuery } from '@/lib/endpoint-queries.ts';
import { convoQuery, messagesQuery } from '../api/conversation-queries.ts';
import { isNewConversationId } from '../lib/conversation-id.ts';

/**
 * What a conversation page's first draw waits for: the conversation and its first page of messages,
 * and the endpoints and models its composer names (a conversation whose model is not set up here
 * shows a notice). The route's loader asks for them from the app's entry as soon as the session is
 * restored; asked for from the page's preload module, they left only once that module's chunks had
 * downloaded and run, 400-500 ms after the session was known at 1.5x CPU, and the messages then
 * queued behind the shell's data (issue 25 §7). Everything else the page reads follows from
 * conversation-preload.ts.
 */
export function prefetchFirstDrawData(queryClient: QueryClient, conversationId: string): void {
  if (!isNewConversationId(conversationId)) {
    void queryClient.prefetchQuery(messagesQuery(conversationId));
    void queryClient.prefetchQuery(convoQuery(conversationId));
  }
  void queryClient.prefetchQuery(endpointsQuery);
  void queryClient.prefetchQuery(modelsQuery);
}
