import type { QueryClient } from '@tanstack/react-query';
import { prefetchAgentList } from '@/lib/agent-preload.ts';
import { endpointsQuery, modelsQuery } from '@/lib/endpoint-queries.ts';
import { interfaceShown } from '@/lib/permissions.ts';
import { convoQuery, fileConfigQuery, liveRepliesQuery, messagesQuery } from '../api/chat-queries.ts';
import { presetsQuery } from '../api/composer-queries.ts';
import { isReplying, streamStore } from '../lib/stream-store.ts';
import { isNewConversationId } from '../lib/conversation-id.ts';

/**
 * What the page reads, into the cache its hooks read, once the session is restored: the composer's
 * endpoints, models, agents (where shown and allowed) and file rules; a new chat's presets (it may
 * start from one); a conversation with its first page of messages and any reply in progress. Each
 * answer that came later, from the component's own first render, drew the page again and started
 * the conversation's first draw over (issue 25 §7).
 */
export function preloadConversationData(queryClient: QueryClient, conversationId: string): void {
  void queryClient.prefetchQuery(endpointsQuery);
  void queryClient.prefetchQuery(modelsQuery);
  void queryClient.prefetchQuery(fileConfigQuery);
  void prefetchAgentList(queryClient);
  if (isNewConversationId(conversationId)) {
    void prefetchPresets(queryClient);
    return;
  }
  void queryClient.prefetchQuery(convoQuery(conversationId));
  void queryClient.prefetchQuery(messagesQuery(conversationId));
  // Not while this tab writes the reply itself (a new chat's first reply, once the server has named
  // it): useChat follows only others' replies, and a snapshot of its own would show as live after it ended.
  const writingHere = streamStore.all().some((stream) => isReplying(stream) && (stream.conversationId === conversationId || stream.conversationId === null));
  if (!writingHere) void queryClient.prefetchQuery(liveRepliesQuery(conversationId));
}

/** A new chat starts from the default preset where the operator shows presets (useModelChoice). */
async function prefetchPresets(queryClient: QueryClient): Promise<void> {
  if (await interfaceShown(queryClient, 'presets')) await queryClient.prefetchQuery(presetsQuery);
}
