import { openInterview } from '../../domain/mentor-interview/access.ts';
import { responseView } from '../../domain/mentor-interview/answers.ts';
import { ensureQuestion } from '../../domain/mentor-interview/questions.ts';
import { defineHandler } from '../../http/handler.ts';
import { interviewDeps } from './interview-deps.ts';

/** The stage's question (written now when it has none) and the answer so far. */
export const handler = defineHandler('getMentorResponse', async ({ params, now }) => {
  const deps = interviewDeps();
  const interview = await openInterview(params.token, deps, now);
  return responseView(await ensureQuestion(interview, params.stage, deps, now));
});
