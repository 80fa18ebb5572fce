import { openInterview } from '../../domain/mentor-interview/access.ts';
import { nextQuestion } from '../../domain/mentor-interview/answers.ts';
import { defineHandler } from '../../http/handler.ts';
import { interviewDeps, limitInterviewCalls } from './interview-deps.ts';

export const handler = defineHandler('generateMentorQuestion', async ({ params, body, now }) => {
  const deps = interviewDeps();
  const interview = await openInterview(params.token, deps, now);
  await limitInterviewCalls(interview.mentor.id, now);
  return nextQuestion(interview, body, deps, now);
});
