import type { MentorResponse } from '@meld/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { ApiError } from '@/lib/api-error.ts';
import { generateQuestion, interviewKeys, saveAnswer } from '../api/interview-api.ts';
import { InvalidReplyError } from '../lib/interview-errors.ts';

export type DifferentQuestionError = { message: string; refresh: boolean };

/**
 * "Different Question": record the current question as rejected (with the mentor's reason, if
 * any), then have the step's question written again with force_regenerate (spec 001 section 4).
 */
export function useDifferentQuestion(token: string, step: number, response: MentorResponse) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<DifferentQuestionError | null>(null);

  const request = async (reason: string): Promise<boolean> => {
    setPending(true);
    setError(null);
    try {
      try {
        await saveAnswer(token, step, {
          response_text: '',
          status: 'rejected',
          question: response.question,
          preamble: response.preamble,
          ...(reason.trim() ? { rejection_reason: reason.trim() } : {}),
        });
      } catch {
        setError({ message: t('mentorInterview.different.failed'), refresh: false });
        return false;
      }
      try {
        await generateQuestion(token, { previous_stage_id: step - 1, answer_text: '', force_regenerate: true });
      } catch (failure) {
        // A reply that is not JSON (a stream) may still have written the question: a refresh shows it.
        if (failure instanceof InvalidReplyError) setError({ message: t('mentorInterview.different.streaming'), refresh: true });
        else if (failure instanceof ApiError && (failure.status === 409 || failure.status === 429) && failure.code !== 'HTTP_ERROR') setError({ message: failure.message, refresh: false });
        else if (failure instanceof ApiError) setError({ message: t('mentorInterview.different.generateFailed'), refresh: false });
        else setError({ message: t('mentorInterview.different.generateError'), refresh: false });
        return false;
      }
      await queryClient.invalidateQueries({ queryKey: interviewKeys.response(token, step) });
      return true;
    } finally {
      setPending(false);
    }
  };

  return { request, pending, error, clearError: () => setError(null) };
}
