import { useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { replyingListQuery } from '../api/chat-queries.ts';
import { isReplying, streamStore } from './stream-store.ts';

/** This tab's replying conversations as one string, so a subscriber re-renders when the set changes, not per token. */
const localKey = () =>
  [...new Set(streamStore.all().flatMap((stream) => (isReplying(stream) && stream.conversationId ? [stream.conversationId] : [])))].sort().join('\n');

/**
 * The conversations with a reply being written: this tab's streams and, from the server, those
 * started in other tabs or on other devices (issue 25, section 4: the sidebar marks them). The
 * server's list is asked on load and focus and polled slowly while any reply runs.
 */
export function useReplyingConversations(): ReadonlySet<string> {
  const local = useSyncExternalStore(streamStore.subscribe, localKey, localKey);
  const remote = useQuery(replyingListQuery).data?.replying;
  return useMemo(() => new Set([...(local ? local.split('\n') : []), ...(remote ?? []).map((reply) => reply.conversationId)]), [local, remote]);
}
