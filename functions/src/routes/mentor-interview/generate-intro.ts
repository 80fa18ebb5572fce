import { openInterview } from '../../domain/mentor-interview/access.ts';
import { introduction } from '../../domain/mentor-interview/closing.ts';
import { defineHandler } from '../../http/handler.ts';
import { audioSettings, interviewDeps, limitInterviewCalls } from './interview-deps.ts';

export const handler = defineHandler('generateMentorIntro', async ({ params, now }) => {
  const deps = interviewDeps();
  const interview = await openInterview(params.token, deps, now);
  await limitInterviewCalls(interview.mentor.id, now);
  // The same signal as the profile's transcriptionAvailable: a speech engine is configured.
  return introduction(interview, deps, now, audioSettings().transcriptionAvailable);
});
