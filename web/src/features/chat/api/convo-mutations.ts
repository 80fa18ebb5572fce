import type { Conversation, RouteBody } from '@meld/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { useMatch, useNavigate } from 'react-router-dom';
import { apiRequest } from '@/lib/api-client.ts';
import { convoKeys } from '@/lib/convo-keys.ts';
import { dismissToast, showToast } from '@/lib/toast.ts';
import { COPY_POLL_MS } from '../hooks/use-copy-progress.ts';
import { convoQuery } from './conversation-queries.ts';
import { addConvoAtTop, invalidateArchivedLists, patchConvo, removeConvoFromLists, restoreConvos, snapshotConvos } from './convo-cache.ts';

/** Leaving a conversation that was just deleted or archived: a new chat, replacing the history entry. */
function useLeaveIfOpen() {
  const navigate = useNavigate();
  const match = useMatch('/c/:conversationId');
  return (conversationId: string) => {
    if (match?.params.conversationId === conversationId) void navigate('/c/new', { replace: true });
  };
}

/** Inline rename: the new title shows at once and reverts, with a toast, if the server refuses. */
export function useRenameConvo() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, title }: { conversationId: string; title: string }) =>
      apiRequest('updateConvo', { body: { arg: { conversationId, title } } }),
    onMutate: async ({ conversationId, title }) => {
      // Only what the rename patches: a message load in flight must carry on.
      await queryClient.cancelQueries({ queryKey: convoKeys.lists() });
      await queryClient.cancelQueries({ queryKey: convoKeys.detail(conversationId) });
      const snapshot = snapshotConvos(queryClient);
      patchConvo(queryClient, conversationId, (convo) => ({ ...convo, title }));
      return { snapshot };
    },
    onError: (_error, _vars, context) => {
      if (context) restoreConvos(queryClient, context.snapshot);
      showToast({ message: t('chat.toasts.renameFailed'), severity: 'error' });
    },
    onSuccess: (updated) => patchConvo(queryClient, updated.conversationId, () => updated),
  });
}

/** Longer than the largest copy takes (a 100,000-message conversation copies in about 65 s, decision 0034). */
export const COPY_WAIT_MS = 5 * 60_000;
/** Long enough to reach the toast's Open button. */
const DUPLICATED_TOAST_MS = 6_000;

/** Asks for the conversation until the server's worker has copied all of it; the caches follow each answer. */
async function untilCopied(queryClient: QueryClient, conversation: Conversation): Promise<Conversation> {
  const deadline = Date.now() + COPY_WAIT_MS;
  let current = conversation;
  while (current.copying) {
    if (Date.now() > deadline) throw new Error('The copy did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, COPY_POLL_MS));
    current = await queryClient.fetchQuery({ ...convoQuery(current.conversationId), staleTime: 0 });
    patchConvo(queryClient, current.conversationId, () => current);
  }
  return current;
}

/**
 * Spec 000 section 7: a processing toast at once, then success. The copy is listed as soon as the
 * server answers, but its messages are copied in the background (`copying`), so success (with a
 * way to open the copy) waits until they are all there.
 */
export function useDuplicateConvo() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (conversation: Pick<Conversation, 'conversationId'>) => {
      const { conversation: copy } = await apiRequest('duplicateConvo', { body: { conversationId: conversation.conversationId } });
      addConvoAtTop(queryClient, copy);
      return untilCopied(queryClient, copy);
    },
    // It stays until the outcome replaces it.
    onMutate: () => ({ processing: showToast({ message: t('chat.toasts.duplicating'), severity: 'info', duration: COPY_WAIT_MS + COPY_POLL_MS }) }),
    onSettled: (_data, _error, _vars, context) => {
      if (context) dismissToast(context.processing);
    },
    onSuccess: (copy) => {
      showToast({
        message: t('chat.toasts.duplicated'),
        severity: 'success',
        duration: DUPLICATED_TOAST_MS,
        action: { label: t('chat.toasts.openCopy'), onSelect: () => void navigate(`/c/${copy.conversationId}`) },
      });
    },
    onError: () => showToast({ message: t('chat.toasts.duplicateFailed'), severity: 'error' }),
  });
}

export function useArchiveConvo() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const leaveIfOpen = useLeaveIfOpen();
  return useMutation({
    mutationFn: (conversation: Pick<Conversation, 'conversationId'>) =>
      apiRequest('updateConvo', { body: { arg: { conversationId: conversation.conversationId, isArchived: true } } }),
    onSuccess: (updated) => {
      removeConvoFromLists(queryClient, updated.conversationId);
      queryClient.setQueryData(convoKeys.detail(updated.conversationId), updated);
      invalidateArchivedLists(queryClient);
      leaveIfOpen(updated.conversationId);
    },
    onError: () => showToast({ message: t('chat.toasts.archiveFailed'), severity: 'error' }),
  });
}

export function useDeleteConvo() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const leaveIfOpen = useLeaveIfOpen();
  return useMutation({
    mutationFn: (conversation: Pick<Conversation, 'conversationId'>) =>
      apiRequest('deleteConvo', { body: { arg: { conversationId: conversation.conversationId, source: 'button' } } }),
    onSuccess: (_result, { conversationId }) => {
      removeConvoFromLists(queryClient, conversationId);
      leaveIfOpen(conversationId);
      queryClient.removeQueries({ queryKey: convoKeys.detail(conversationId) });
      queryClient.removeQueries({ queryKey: convoKeys.messages(conversationId) });
    },
    onError: () => showToast({ message: t('chat.toasts.deleteFailed'), severity: 'error' }),
  });
}

/** Forks, then opens the new conversation with a toast. */
export function useForkConvo() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: RouteBody<'forkConvo'>) => apiRequest('forkConvo', { body }),
    onSuccess: ({ conversation }) => {
      addConvoAtTop(queryClient, conversation);
      queryClient.setQueryData(convoKeys.detail(conversation.conversationId), conversation);
      showToast({ message: t('chat.toasts.forked'), severity: 'success' });
      void navigate(`/c/${encodeURIComponent(conversation.conversationId)}`);
    },
    onError: () => showToast({ message: t('chat.toasts.forkFailed'), severity: 'error' }),
  });
}
