import { openInterview } from '../../domain/mentor-interview/access.ts';
import { responseView } from '../../domain/mentor-interview/answers.ts';
import { refreshTranscription } from '../../domain/mentor-interview/audio-answer.ts';
import { ensureQuestion } from '../../domain/mentor-interview/questions.ts';
import { defineHandler } from '../../http/handler.ts';
import { audioAnswerDeps } from './audio-deps.ts';
import { interviewDeps } from './interview-deps.ts';

/** The stage's question (written now when it has none) and the answer so far, with a Transcribe job's result once it is done. */
export const handler = defineHandler('getMentorResponse', async ({ params, now }) => {
  const deps = interviewDeps();
  const interview = await openInterview(params.token, deps, now);
  const response = await ensureQuestion(interview, params.stage, deps, now);
  return responseView(response.status === 'transcribing' ? await refreshTranscription(response, await audioAnswerDeps(), now) : response);
});
