import type { QueryClient } from '@tanstack/react-query';
import { prefetchAgentList } from '@/lib/agent-preload.ts';
import { interfaceShown } from '@/lib/permissions.ts';
import { fileConfigQuery, liveRepliesQuery } from '../api/chat-queries.ts';
import { presetsQuery } from '../api/composer-queries.ts';
import { isReplying, streamStore } from '../lib/stream-store.ts';
import { isNewConversationId } from '../lib/conversation-id.ts';

/**
 * The rest of what the page reads, into the cache its hooks read, once the session is restored and
 * this module has loaded (what its first draw waits for leaves earlier: conversation-first-draw-data.ts):
 * the composer's agents (where shown and allowed) and file rules; a new chat's presets (it may start
 * from one); a conversation's reply in progress. Each answer that came later, from the component's
 * own first render, drew the page again and started the conversation's first draw over (issue 25 §7).
 */
export function preloadConversationData(queryClient: QueryClient, conversationId: string): void {
  void queryClient.prefetchQuery(fileConfigQuery);
  void prefetchAgentList(queryClient);
  if (isNewConversationId(conversationId)) {
    void prefetchPresets(queryClient);
    return;
  }
  // Not while this tab writes the reply itself (a new chat's first reply, once the server has named
  // it): useChat follows only others' replies, and a snapshot of its own would show as live after it ended.
  const writingHere = streamStore.all().some((stream) => isReplying(stream) && (stream.conversationId === conversationId || stream.conversationId === null));
  if (!writingHere) void queryClient.prefetchQuery(liveRepliesQuery(conversationId));
}

/** A new chat starts from the default preset where the operator shows presets (useModelChoice). */
async function prefetchPresets(queryClient: QueryClient): Promise<void> {
  if (await interfaceShown(queryClient, 'presets')) await queryClient.prefetchQuery(presetsQuery);
}
