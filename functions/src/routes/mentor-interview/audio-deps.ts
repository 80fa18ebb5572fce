import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { SaveMentorResponseResult } from '@meld/shared';
import { getAppConfig } from '../../config/app-config.ts';
import type { Interview } from '../../domain/mentor-interview/access.ts';
import { saveAudioAnswer, transcriptionUnavailable, type AudioAnswerDeps } from '../../domain/mentor-interview/audio-answer.ts';
import { ensureQuestion, type QuestionDeps } from '../../domain/mentor-interview/questions.ts';
import { logger } from '../../http/logger.ts';
import { readMultipart, requireFile } from '../../http/multipart.ts';
import { loadTranscriber } from '../../providers/speech/load-transcriber.ts';
import { bucketObjects } from '../../store/blobs.ts';
import { updateMentorResponse } from '../../store/mentor-interview-store.ts';
import { limitInterviewCalls } from './interview-deps.ts';

/** The recorded answers' collaborators: the configured speech engine, the audio bucket, the store and the limit. */
export async function audioAnswerDeps(): Promise<AudioAnswerDeps> {
  return {
    transcriber: await loadTranscriber(getAppConfig()),
    audio: bucketObjects('audio'),
    updateMentorResponse,
    limit: limitInterviewCalls,
    onSpeechError: (error) => logger.warn('Transcription failed', { reason: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown' }),
  };
}

export function isMultipart(event: APIGatewayProxyEventV2): boolean {
  return /^multipart\/form-data/i.test(event.headers?.['content-type'] ?? '');
}

/**
 * `POST .../response/{stage}` as multipart (`audio` and `duration_ms`). With no speech engine the
 * upload is refused before its body is read; over the configured size it is a 413 from the reader.
 */
export async function saveRecording(interview: Interview, stage: number, event: APIGatewayProxyEventV2, deps: QuestionDeps, now: Date): Promise<SaveMentorResponseResult> {
  const audio = await audioAnswerDeps();
  if (!audio.transcriber) throw transcriptionUnavailable();
  const form = await readMultipart(event, { maxFileBytes: getAppConfig().mentorInterview.maxAudioBytes, maxFields: 5 });
  const file = requireFile(form, 'audio');
  await ensureQuestion(interview, stage, deps, now);
  return saveAudioAnswer(interview.mentor.id, stage, { data: file.data, durationMs: form.fields.get('duration_ms') }, audio, now);
}
