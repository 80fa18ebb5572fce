import { findInterview, startIfPending } from '../../domain/mentor-interview/access.ts';
import { finishedInsights, finishInterview } from '../../domain/mentor-interview/closing.ts';
import { defineHandler } from '../../http/handler.ts';
import { interviewDeps, limitInterviewCalls } from './interview-deps.ts';

/** Closes the interview with its insights; a finished one answers with the stored insights, so the complete page survives a reload. */
export const handler = defineHandler('generateMentorInsights', async ({ params, now }) => {
  const deps = interviewDeps();
  const found = await findInterview(params.token, deps);
  const finished = finishedInsights(found);
  if (finished) return finished;
  const interview = await startIfPending(found, deps, now);
  await limitInterviewCalls(interview.mentor.id, now);
  return finishInterview(interview, deps, now);
});
