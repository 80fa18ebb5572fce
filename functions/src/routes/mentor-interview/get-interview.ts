import { findInterview, startIfPending } from '../../domain/mentor-interview/access.ts';
import { interviewProfile } from '../../domain/mentor-interview/answers.ts';
import { defineHandler } from '../../http/handler.ts';
import { audioSettings, interviewDeps } from './interview-deps.ts';

/**
 * Who the link names. A mentor who has submitted and comes back to their link is told so (the page
 * then shows the thank-you and their summary) instead of "Access denied"; every other call of a
 * submitted interview stays closed (403), and a rejected mentor's link stays closed entirely.
 */
export const handler = defineHandler('getMentorInterview', async ({ params, now }) => {
  const deps = interviewDeps();
  const found = await findInterview(params.token, deps);
  if (found.mentor.status === 'submitted') return interviewProfile(found, audioSettings());
  return interviewProfile(await startIfPending(found, deps, now), audioSettings());
});
