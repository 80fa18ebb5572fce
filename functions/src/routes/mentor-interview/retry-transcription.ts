import { openInterview } from '../../domain/mentor-interview/access.ts';
import { retryTranscription } from '../../domain/mentor-interview/audio-answer.ts';
import { defineHandler } from '../../http/handler.ts';
import { audioAnswerDeps } from './audio-deps.ts';
import { interviewDeps } from './interview-deps.ts';

/** Transcribes a stage's kept recording again after a failed transcription. */
export const handler = defineHandler('retryMentorTranscription', async ({ params, now }) => {
  const interview = await openInterview(params.token, interviewDeps(), now);
  const response = interview.responses.find((candidate) => candidate.stage === params.stage);
  return retryTranscription(interview.mentor.id, response, await audioAnswerDeps(), now);
});
