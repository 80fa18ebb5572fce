import { MENTOR_INTERVIEW_STAGE_COUNT, STORAGE_KEYS, type MentorResponse } from '@meld/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { local } from '@/lib/storage.ts';
import { generateInsights, generateQuestion, interviewKeys, saveAnswer } from '../api/interview-api.ts';
import { interviewPath } from '../lib/token.ts';

/**
 * Approve (spec 001 section 4): submit the answer; on steps 1-5 have the next question written
 * ahead and move on, on step 6 generate the insights, keep them for the complete page and go
 * there. The mentor moves on even when those calls fail: the next page asks again.
 */
export function useApprove(token: string, step: number, response: MentorResponse | undefined, search: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [approving, setApproving] = useState(false);

  const approve = async (answer: string) => {
    setApproving(true);
    await saveAnswer(token, step, { response_text: answer, status: 'submitted', question: response?.question, preamble: response?.preamble }).catch(() => undefined);
    void queryClient.invalidateQueries({ queryKey: interviewKeys.profile(token) });
    void queryClient.invalidateQueries({ queryKey: interviewKeys.response(token, step) });
    if (step < MENTOR_INTERVIEW_STAGE_COUNT) {
      await generateQuestion(token, { previous_stage_id: step, answer_text: answer }).catch(() => undefined);
      setApproving(false);
      await navigate(`${interviewPath.question(token, step + 1)}${search}`);
      return;
    }
    try {
      const { insights } = await generateInsights(token);
      local.set(STORAGE_KEYS.mentorInsights, JSON.stringify({ insights }));
    } catch {
      // The complete page asks the server itself and shows its error there.
    }
    setApproving(false);
    await navigate(`${interviewPath.complete(token)}${search}`);
  };

  return { approve, approving };
}
