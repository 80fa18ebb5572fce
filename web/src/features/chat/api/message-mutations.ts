import type { Message } from '@meld/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { convoKeys } from '@/lib/convo-keys.ts';
import { showToast } from '@/lib/toast.ts';

interface EditInput {
  message: Message;
  text: string;
  /** The content part edited, for replies made of parts. */
  index?: number;
}

/** Saves an edited message in place (no new generation). */
export function useUpdateMessage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, text, index }: EditInput) =>
      apiRequest('updateMessage', {
        params: { conversationId: message.conversationId, messageId: message.messageId },
        body: { text, index, model: message.model ?? undefined },
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData<Message[]>(convoKeys.messages(updated.conversationId), (messages) =>
        messages?.map((message) => (message.messageId === updated.messageId ? updated : message)),
      );
      showToast({ message: t('chat.toasts.messageSaved'), severity: 'success' });
    },
    onError: () => showToast({ message: t('chat.toasts.messageSaveFailed'), severity: 'error' }),
  });
}
