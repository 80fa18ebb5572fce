import { saveMentorResponseBody } from '@meld/shared';
import { openInterview } from '../../domain/mentor-interview/access.ts';
import { saveTextAnswer } from '../../domain/mentor-interview/answers.ts';
import { defineHandler } from '../../http/handler.ts';
import { parseJsonBody } from '../../http/parse-input.ts';
import { isMultipart, saveRecording } from './audio-deps.ts';
import { interviewDeps } from './interview-deps.ts';

/** A text answer, an approval or a rejected question (JSON), or a recording to transcribe (multipart). */
export const handler = defineHandler('saveMentorResponse', async ({ params, now, event }) => {
  const deps = interviewDeps();
  const interview = await openInterview(params.token, deps, now);
  if (isMultipart(event)) return saveRecording(interview, params.stage, event, deps, now);
  return saveTextAnswer(interview, params.stage, parseJsonBody(saveMentorResponseBody, event), deps, now);
});
