import type { Conversation } from '@meld/shared';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { convoKeys, type ConvoListFilters } from '@/lib/convo-keys.ts';
import type { ConvoPage } from './chat-queries.ts';

type ListData = InfiniteData<ConvoPage>;

const filtersOf = (queryKey: QueryKey) => (queryKey[2] ?? {}) as ConvoListFilters;

function mapPages(data: ListData | undefined, change: (conversations: Conversation[]) => Conversation[]): ListData | undefined {
  return data ? { ...data, pages: data.pages.map((page) => ({ ...page, conversations: change(page.conversations) })) } : data;
}

/** Everything cached about conversations, to put back when an optimistic change fails. */
export function snapshotConvos(queryClient: QueryClient): Array<[QueryKey, unknown]> {
  return queryClient.getQueriesData({ queryKey: convoKeys.all });
}

export function restoreConvos(queryClient: QueryClient, snapshot: Array<[QueryKey, unknown]>): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

/** Applies a change to one conversation in every cached list and in its detail. */
export function patchConvo(queryClient: QueryClient, conversationId: string, change: (conversation: Conversation) => Conversation): void {
  queryClient.setQueriesData<ListData>({ queryKey: convoKeys.lists() }, (data) =>
    mapPages(data, (conversations) => conversations.map((convo) => (convo.conversationId === conversationId ? change(convo) : convo))),
  );
  queryClient.setQueryData<Conversation>(convoKeys.detail(conversationId), (convo) => (convo ? change(convo) : convo));
}

export function removeConvoFromLists(queryClient: QueryClient, conversationId: string): void {
  queryClient.setQueriesData<ListData>({ queryKey: convoKeys.lists() }, (data) =>
    mapPages(data, (conversations) => conversations.filter((convo) => convo.conversationId !== conversationId)),
  );
}

/** Lists a new conversation belongs at the top of: the active list, newest first, unfiltered. */
function takesNewAtTop(filters: ConvoListFilters): boolean {
  return !filters.isArchived && !filters.search && !filters.tags?.length && (filters.sortBy ?? 'updatedAt') !== 'title' && filters.sortDirection !== 'asc';
}

/**
 * A new conversation (duplicate, fork) goes at the top of the first page of the lists it
 * belongs to at once (spec 000 section 4); filtered and title-sorted lists are refetched instead.
 */
export function addConvoAtTop(queryClient: QueryClient, conversation: Conversation): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: convoKeys.lists() })) {
    if (!takesNewAtTop(filtersOf(query.queryKey))) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    queryClient.setQueryData<ListData>(query.queryKey, (data) => {
      if (!data?.pages.length) return data;
      const [first, ...rest] = data.pages;
      return { ...data, pages: [{ ...first!, conversations: [conversation, ...first!.conversations] }, ...rest] };
    });
  }
  queryClient.setQueryData(convoKeys.detail(conversation.conversationId), conversation);
}

/** A conversation that just changed (a reply saved): out of the lists where it was, and at the top of those it now heads. */
export function moveConvoToTop(queryClient: QueryClient, conversation: Conversation): void {
  removeConvoFromLists(queryClient, conversation.conversationId);
  addConvoAtTop(queryClient, conversation);
}

/** Archived lists are refetched when an archive changes them; they are not patched by hand. */
export function invalidateArchivedLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: convoKeys.lists(), predicate: (query) => filtersOf(query.queryKey).isArchived === true });
}
