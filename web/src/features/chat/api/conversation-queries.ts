import { MESSAGE_PAGE, type Message } from '@meld/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { convoKeys } from '@/lib/convo-keys.ts';
import { loadPages } from '@/lib/load-pages.ts';
import { mergeMessages } from '@/lib/merge-messages.ts';

// A conversation and its messages: what a conversation page's first draw waits for. Kept apart from
// the chat feature's other queries, with imports the app's entry already holds, because the
// conversation route's loader asks for them from the entry as the session is restored
// (app/route-preload.ts), before the page's own chunks have arrived.

interface MessagePage {
  messages: Message[];
  nextCursor: string | null;
}

/** Conversations are stale after 5 min and cached 30 min; their messages follow the same timing. */
export function convoQuery(conversationId: string) {
  return queryOptions({
    queryKey: convoKeys.detail(conversationId),
    queryFn: ({ signal }) => apiRequest('getConvo', { params: { conversationId }, signal }),
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
    // The page shows its own "not found" state instead of a toast.
    meta: { toastOnError: false },
  });
}

/** One page of a conversation's messages; the server sends the branch on screen first (decision 0037). */
async function fetchMessagePage(conversationId: string, cursor: string | undefined, signal?: AbortSignal): Promise<MessagePage> {
  const page = await apiRequest('getMessages', { params: { conversationId }, query: { cursor, limit: MESSAGE_PAGE.maxCount }, signal });
  // Asked with a limit the answer is always a page; an unpaged answer would be the first and only one.
  return Array.isArray(page) ? { messages: page, nextCursor: null } : page;
}

/**
 * A conversation's messages as the one list the message tree reads, loaded page by page: the
 * conversation opens on the first page (the branch the member sees) while the rest arrive.
 */
export function messagesQuery(conversationId: string) {
  return queryOptions({
    queryKey: convoKeys.messages(conversationId),
    queryFn: ({ client, queryKey, signal }) =>
      loadPages<MessagePage, Message[]>({ client, queryKey }, (cursor) => fetchMessagePage(conversationId, cursor, signal), (messages, page) => mergeMessages(messages, page.messages)),
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
    meta: { toastOnError: false },
  });
}
