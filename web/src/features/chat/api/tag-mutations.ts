import type { Conversation, RouteBody, Tag } from '@meld/shared';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { isApiError } from '@/lib/api-error.ts';
import { convoKeys } from '@/lib/convo-keys.ts';
import { showToast } from '@/lib/toast.ts';
import { chatKeys, type ConvoPage } from './chat-queries.ts';
import { patchConvo } from './convo-cache.ts';

/** Replaces a conversation's bookmarks; the server creates any the user does not have yet. */
export function useSetConvoTags(conversationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tags: string[]) => apiRequest('updateConvoTags', { params: { conversationId }, body: { tags } }),
    onSuccess: (tags) => {
      patchConvo(queryClient, conversationId, (convo) => ({ ...convo, tags }));
      // Counts changed, and a new tag may exist now.
      void queryClient.invalidateQueries({ queryKey: chatKeys.tags() });
    },
    onError: () => showToast({ message: t('chat.toasts.tagsFailed'), severity: 'error' }),
  });
}

/** The server's message for a refused name (409 taken, 400 empty or too long), else a generic one. */
export function tagErrorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && (error.status === 409 || error.status === 400) ? error.message : fallback;
}

/** Creates a bookmark at the end of the order; a refused name is shown by the form that sent it. */
export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'createTag'>) => apiRequest('createTag', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.tags() }),
  });
}

/**
 * Renames a bookmark and/or changes its description. The server renames it on the conversations
 * in a background job; the cached conversations are renamed here at once so the sidebar agrees.
 */
export function useUpdateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tag, change }: { tag: string; change: RouteBody<'updateTag'> }) => apiRequest('updateTag', { params: { tag }, body: change }),
    onSuccess: (updated, { tag }) => {
      if (updated.tag !== tag) retagCachedConvos(queryClient, tag, updated.tag);
      return queryClient.invalidateQueries({ queryKey: chatKeys.tags() });
    },
  });
}

/**
 * Moves a bookmark to a position. The list moves at once (positions renumbered as the server
 * does) and goes back if the server refuses; the server's order is fetched again either way.
 */
export function useMoveTag() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tag, position }: { tag: string; position: number }) => apiRequest('updateTag', { params: { tag }, body: { position } }),
    onMutate: async ({ tag, position }) => {
      await queryClient.cancelQueries({ queryKey: chatKeys.tags() });
      const before = queryClient.getQueryData<Tag[]>(chatKeys.tags());
      if (before) queryClient.setQueryData<Tag[]>(chatKeys.tags(), moveTag(before, tag, position));
      return { before };
    },
    onError: (_error, _move, context) => {
      if (context?.before) queryClient.setQueryData(chatKeys.tags(), context.before);
      showToast({ message: t('chat.bookmarks.manager.moveFailed'), severity: 'error' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.tags() }),
  });
}

/** Deletes a bookmark; the server takes it off its conversations in a background job, the cache at once. */
export function useDeleteTag() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: string) => apiRequest('deleteTag', { params: { tag } }),
    onSuccess: (_result, tag) => {
      retagCachedConvos(queryClient, tag, null);
      queryClient.setQueryData<Tag[]>(chatKeys.tags(), (tags) => tags && renumber(tags.filter((other) => other.tag !== tag)));
      return queryClient.invalidateQueries({ queryKey: chatKeys.tags() });
    },
    onError: () => showToast({ message: t('chat.bookmarks.manager.deleteFailed'), severity: 'error' }),
  });
}

const renumber = (tags: Tag[]) => tags.map((tag, position) => ({ ...tag, position }));

/** The list with `name` moved to `position` (clamped), positions 0..n-1 as the server keeps them. */
export function moveTag(tags: readonly Tag[], name: string, position: number): Tag[] {
  const moving = tags.find((tag) => tag.tag === name);
  if (!moving) return [...tags];
  const rest = tags.filter((tag) => tag.tag !== name);
  rest.splice(Math.max(0, Math.min(position, rest.length)), 0, moving);
  return renumber(rest);
}

/** What the server's job does to every conversation carrying the tag, done to the cached ones: renamed, or removed when `to` is null. */
function retagCachedConvos(queryClient: QueryClient, from: string, to: string | null): void {
  const retag = (convo: Conversation): Conversation => {
    if (!convo.tags.includes(from)) return convo;
    const tags = convo.tags.flatMap((tag) => (tag !== from ? [tag] : to && !convo.tags.includes(to) ? [to] : []));
    return { ...convo, tags };
  };
  queryClient.setQueriesData<InfiniteData<ConvoPage>>({ queryKey: convoKeys.lists() }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, conversations: page.conversations.map(retag) })) } : data,
  );
  queryClient.setQueriesData<Conversation>({ queryKey: convoKeys.details() }, (convo) => (convo ? retag(convo) : convo));
  // Lists filtered by the old name now list other conversations (or none).
  void queryClient.invalidateQueries({ queryKey: convoKeys.lists(), predicate: (query) => ((query.queryKey[2] as { tags?: string[] } | undefined)?.tags ?? []).includes(from) });
}
