import { saveMentorResponseBody } from '@meld/shared';
import { openInterview } from '../../domain/mentor-interview/access.ts';
import { saveTextAnswer } from '../../domain/mentor-interview/answers.ts';
import { defineHandler } from '../../http/handler.ts';
import { parseJsonBody } from '../../http/parse-input.ts';
import { interviewDeps } from './interview-deps.ts';

/** A text answer, an approval or a rejected question (JSON). */
export const handler = defineHandler('saveMentorResponse', async ({ params, now, event }) => {
  const deps = interviewDeps();
  const interview = await openInterview(params.token, deps, now);
  return saveTextAnswer(interview, params.stage, parseJsonBody(saveMentorResponseBody, event), deps, now);
});
