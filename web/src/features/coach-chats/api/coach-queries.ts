import type { CoachMessage, CoachThread, ContextChipInput, RouteResponse } from '@meld/shared';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { loadPages } from '@/lib/load-pages.ts';
import { showToast } from '@/lib/toast.ts';

export const coachKeys = {
  all: ['coach-chats'] as const,
  threads: () => [...coachKeys.all, 'threads'] as const,
  messages: (threadId: string) => [...coachKeys.all, 'messages', threadId] as const,
};

export function coachThreadsQuery() {
  return queryOptions({
    queryKey: coachKeys.threads(),
    queryFn: ({ signal }) => apiRequest('listCoachThreads', { signal }),
    meta: { toastOnError: false },
  });
}

/** The thread's coach messages oldest first, by id: pages merge into one list (a page may repeat a message). */
function mergeCoachMessages(current: readonly CoachMessage[] | undefined, page: readonly CoachMessage[]): CoachMessage[] {
  const byId = new Map((current ?? []).map((message) => [message.id, message]));
  for (const message of page) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}

/** A thread's messages; a thread too long for one answer comes in pages, its newest end first (decision 0037). */
export function coachMessagesQuery(threadId: string) {
  return queryOptions({
    queryKey: coachKeys.messages(threadId),
    queryFn: ({ client, queryKey, signal }) =>
      loadPages<RouteResponse<'listCoachMessages'>, CoachMessage[]>(
        { client, queryKey },
        (cursor) => apiRequest('listCoachMessages', { params: { id: threadId }, query: { cursor }, signal }),
        (messages, page) => mergeCoachMessages(messages, page.messages),
      ),
    meta: { toastOnError: false },
  });
}

/** Puts the server's copy of one thread into the cached list (after a pin, mute, read or chip change). */
export function replaceThread(queryClient: QueryClient, thread: CoachThread): void {
  queryClient.setQueryData(coachKeys.threads(), (data: { threads: CoachThread[]; coachAvailable: boolean } | undefined) =>
    data ? { ...data, threads: data.threads.some((known) => known.id === thread.id) ? data.threads.map((known) => (known.id === thread.id ? thread : known)) : [thread, ...data.threads] } : data,
  );
}

function replaceMessage(queryClient: QueryClient, threadId: string, message: CoachMessage): void {
  queryClient.setQueryData<CoachMessage[]>(coachKeys.messages(threadId), (messages) => messages?.map((known) => (known.id === message.id ? message : known)));
}

export function useCreateThread() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contextChips: ContextChipInput[]) => apiRequest('createCoachThread', { body: { contextChips } }),
    onSuccess: (thread) => replaceThread(queryClient, thread),
    onError: () => showToast({ message: t('coachChats.toasts.createFailed'), severity: 'error' }),
  });
}

export interface ThreadChange {
  isPinned?: boolean;
  muted?: boolean;
  read?: true;
  contextChips?: ContextChipInput[];
}

export function useUpdateThread() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ThreadChange }) => apiRequest('updateCoachThread', { params: { id }, body: change }),
    onSuccess: (thread, { change }) => {
      replaceThread(queryClient, thread);
      if (change.isPinned !== undefined) showToast({ message: t(change.isPinned ? 'coachChats.toasts.pinned' : 'coachChats.toasts.unpinned'), severity: 'success', duration: 2000 });
      if (change.muted !== undefined) showToast({ message: t(change.muted ? 'coachChats.toasts.muted' : 'coachChats.toasts.unmuted'), severity: 'success', duration: 2000 });
    },
    onError: (_error, { change }) => {
      if (!change.read) showToast({ message: t('coachChats.toasts.updateFailed'), severity: 'error' });
    },
  });
}

export function useReact(threadId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, thumbsUp }: { messageId: string; thumbsUp: boolean }) => apiRequest('reactToCoachMessage', { params: { id: threadId, messageId }, body: { thumbsUp } }),
    onSuccess: (message) => {
      replaceMessage(queryClient, threadId, message);
      if (message.reactions.thumbsUp) showToast({ message: t('coachChats.toasts.thumbsUp'), severity: 'success', duration: 2000 });
    },
    onError: () => showToast({ message: t('coachChats.toasts.updateFailed'), severity: 'error' }),
  });
}

export function useBookmark(threadId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => apiRequest('bookmarkCoachMessage', { params: { id: threadId, messageId } }),
    onSuccess: ({ message }) => {
      replaceMessage(queryClient, threadId, message);
      showToast({ message: t('coachChats.toasts.bookmarked'), severity: 'success', duration: 2000 });
    },
    onError: () => showToast({ message: t('coachChats.toasts.bookmarkFailed'), severity: 'error' }),
  });
}

export function useDeleteThread() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('deleteCoachThread', { params: { id } }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData(coachKeys.threads(), (data: { threads: CoachThread[]; coachAvailable: boolean } | undefined) => (data ? { ...data, threads: data.threads.filter((thread) => thread.id !== id) } : data));
      queryClient.removeQueries({ queryKey: coachKeys.messages(id) });
      showToast({ message: t('coachChats.toasts.deleted'), severity: 'success', duration: 2000 });
    },
    onError: () => showToast({ message: t('coachChats.toasts.updateFailed'), severity: 'error' }),
  });
}
