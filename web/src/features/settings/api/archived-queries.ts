import type { Conversation, RouteResponse } from '@meld/shared';
import { infiniteQueryOptions, keepPreviousData, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { convoKeys, type ConvoListFilters } from '@/lib/convo-keys.ts';
import { showToast } from '@/lib/toast.ts';

export const ARCHIVED_PAGE_SIZE = 25;

type ConvoPage = RouteResponse<'listConvos'>;

function archivedFilters(search: string): ConvoListFilters {
  return search ? { isArchived: true, search } : { isArchived: true };
}

/** Archived chats, newest first; read fresh whenever the table opens (stale 0, cached 5 min). */
export function archivedConvosQuery(search: string) {
  return infiniteQueryOptions({
    queryKey: convoKeys.list(archivedFilters(search)),
    queryFn: ({ pageParam, signal }) =>
      apiRequest('listConvos', { query: { isArchived: true, limit: ARCHIVED_PAGE_SIZE, cursor: pageParam, search: search || undefined }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
    gcTime: 5 * 60_000,
    // A new search keeps the old rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

const isArchivedList = (queryKey: readonly unknown[]) => (queryKey[2] as ConvoListFilters | undefined)?.isArchived === true;

/** Takes a conversation out of every cached archive page, then refetches all conversation lists. */
function dropFromArchive(queryClient: QueryClient, conversationId: string): void {
  queryClient.setQueriesData<InfiniteData<ConvoPage>>({ queryKey: convoKeys.lists(), predicate: (query) => isArchivedList(query.queryKey) }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, conversations: page.conversations.filter((convo) => convo.conversationId !== conversationId) })) }
      : data,
  );
  void queryClient.invalidateQueries({ queryKey: convoKeys.lists() });
}

export function useUnarchiveConversation() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversation: Pick<Conversation, 'conversationId'>) =>
      apiRequest('updateConvo', { body: { arg: { conversationId: conversation.conversationId, isArchived: false } } }),
    onSuccess: (updated) => {
      void queryClient.invalidateQueries({ queryKey: convoKeys.detail(updated.conversationId) });
      dropFromArchive(queryClient, updated.conversationId);
      showToast({ message: t('settings.archived.unarchived'), severity: 'success' });
    },
    onError: () => showToast({ message: t('settings.archived.unarchiveError'), severity: 'error' }),
  });
}

export function useDeleteArchivedConversation() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversation: Pick<Conversation, 'conversationId'>) =>
      apiRequest('deleteConvo', { body: { arg: { conversationId: conversation.conversationId, source: 'button' } } }),
    onSuccess: (_result, { conversationId }) => {
      queryClient.removeQueries({ queryKey: convoKeys.detail(conversationId) });
      queryClient.removeQueries({ queryKey: convoKeys.messages(conversationId) });
      dropFromArchive(queryClient, conversationId);
    },
    onError: () => showToast({ message: t('settings.archived.deleteError'), severity: 'error' }),
  });
}
