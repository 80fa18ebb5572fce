import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { ApiError } from '@/lib/api-error.ts';
import { showToast } from '@/lib/toast.ts';
import { saveInteraction, todayKeys } from './today-queries.ts';

/** The coach's question for the evening; the card shows the failure itself and stays on Start. */
export function useGenerateQuestion(date: string) {
  return useMutation({ mutationFn: () => apiRequest('generateQuestion', { body: { date } }) });
}

export const isRateLimited = (error: unknown) => error instanceof ApiError && error.status === 429;

interface SaveReflection {
  /** The day's evening-reflection interaction, updated instead of created when it exists. */
  id: string | null;
  question: string;
  text: string;
  clientRequestId: string;
}

export function useSaveReflection(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, question, text, clientRequestId }: SaveReflection) =>
      saveInteraction(id, {
        kind: 'reflection',
        promptText: question,
        responseText: text,
        captureMethod: 'text',
        interactionMeta: { type: 'evening-reflection', generatedQuestion: question },
        date,
        clientRequestId,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(todayKeys.interaction(saved._id), saved);
      return queryClient.invalidateQueries({ queryKey: todayKeys.views() });
    },
  });
}

/** The daily summary written from the evening reflection; the view refetches once it is stored. */
export function useGenerateSummary(date: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eveningReflectionText: string) => apiRequest('generateSummary', { body: { date, eveningReflectionText } }),
    onError: () => showToast({ message: t('today.evening.summaryFailed'), severity: 'error' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: todayKeys.views() }),
  });
}
