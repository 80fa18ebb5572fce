import { openInterview } from '../../domain/mentor-interview/access.ts';
import { interviewProfile } from '../../domain/mentor-interview/answers.ts';
import { defineHandler } from '../../http/handler.ts';
import { audioSettings, interviewDeps } from './interview-deps.ts';

export const handler = defineHandler('getMentorInterview', async ({ params, now }) => {
  const interview = await openInterview(params.token, interviewDeps(), now);
  return interviewProfile(interview, audioSettings());
});
