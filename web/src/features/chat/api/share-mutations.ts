import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { showToast } from '@/lib/toast.ts';
import { chatKeys } from './chat-queries.ts';

type ShareLinkState = { shareId: string | null; success: boolean; conversationId: string };

/** Create, refresh and delete a conversation's public link; the link query follows each answer. */
export function useShareMutations(conversationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = chatKeys.shareLink(conversationId);
  const setShareId = (shareId: string | null) => queryClient.setQueryData<ShareLinkState>(key, { shareId, success: shareId !== null, conversationId });
  const failed = () => showToast({ message: t('chat.share.failed'), severity: 'error' });

  const create = useMutation({
    mutationFn: (targetMessageId?: string) => apiRequest('createShare', { params: { id: conversationId }, body: { targetMessageId } }),
    onSuccess: (link) => setShareId(link.shareId),
    onError: failed,
  });
  const refresh = useMutation({
    mutationFn: (shareId: string) => apiRequest('refreshShare', { params: { id: shareId } }),
    onSuccess: (link) => {
      setShareId(link.shareId);
      showToast({ message: t('chat.share.updated'), severity: 'success' });
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (shareId: string) => apiRequest('deleteShare', { params: { id: shareId } }),
    // Optimistic with rollback (spec 000 section 4).
    onMutate: (shareId) => {
      setShareId(null);
      return { shareId };
    },
    onError: (_error, _shareId, context) => {
      if (context) setShareId(context.shareId);
      failed();
    },
    onSuccess: () => showToast({ message: t('chat.share.deleted'), severity: 'success' }),
  });
  return { create, refresh, remove };
}
