import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client.ts';
import { showToast } from '@/lib/toast.ts';
import { chatKeys } from './chat-queries.ts';
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
