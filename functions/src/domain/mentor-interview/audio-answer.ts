import { randomUUID } from 'node:crypto';
import { ERROR_CODES, MENTOR_INTERVIEW_LIMITS, MENTOR_INTERVIEW_MESSAGES, type SaveMentorResponseResult } from '@meld/shared';
import { TranscriptionError, type Transcriber, type TranscriptionCheck, type TranscriptionStart } from '../../providers/speech/types.ts';
import type { StoredMentorResponse } from '../../store/mentor-interview-store.ts';
import { parseDurationMs, sniffAudio } from '../audio/recording.ts';
import { DomainError } from '../errors.ts';

/**
 * Recorded answers (docs/decisions/0013-transcription-engines.md): the recording is stored in the
 * audio bucket first, then transcribed. A transcription that fails leaves the recording and a
 * `transcription_failed` stage that can be retried; it is never a server error.
 */

export interface AudioAnswerDeps {
  /** Null when no speech engine is configured: recordings are refused, nothing is stored. */
  transcriber: Transcriber | null;
  audio: {
    putBytes(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
    getBytes(key: string): Promise<Uint8Array>;
    delete(keys: string[]): Promise<void>;
  };
  updateMentorResponse(mentorId: string, stage: number, change: (current: StoredMentorResponse) => StoredMentorResponse | null): Promise<StoredMentorResponse | undefined>;
  /** The interview's per-mentor rate limit: every upload and retry counts. */
  limit(mentorId: string, now: Date): Promise<void>;
  /** An engine or storage fault behind a failed transcription, for the log. */
  onSpeechError(error: unknown): void;
}

export interface AudioUpload {
  data: Uint8Array;
  /** The form's `duration_ms` field as sent. */
  durationMs: string | undefined;
}

export const transcriptionUnavailable = () => new DomainError('conflict', ERROR_CODES.conflict, MENTOR_INTERVIEW_MESSAGES.transcriptionUnavailable);
const noStage = () => new DomainError('not-found', ERROR_CODES.notFound, 'Open this question before answering it.');

/** Where a stage's recording lives: one folder per mentor and stage, a new name per recording. */
export function audioKey(mentorId: string, stage: number, extension: string): string {
  return `mentor-interviews/${mentorId}/stage-${stage}/${randomUUID()}.${extension}`;
}

type Outcome = Pick<StoredMentorResponse, 'status' | 'responseText' | 'transcriptionJob' | 'transcriptionError'>;

function outcomeOf(result: TranscriptionStart | TranscriptionCheck | { state: 'failed'; reason: string }): Outcome | null {
  if (result.state === 'done') return { status: 'transcribed', responseText: result.text, transcriptionJob: null, transcriptionError: null };
  if (result.state === 'pending') return { status: 'transcribing', responseText: '', transcriptionJob: result.job, transcriptionError: null };
  if (result.state === 'failed') return { status: 'transcription_failed', responseText: '', transcriptionJob: null, transcriptionError: result.reason };
  return null;
}

/** The engine's answer to a new transcription; its refusal (or a fault) becomes a failed one. */
async function startTranscription(transcriber: Transcriber, key: string, mimeType: string, read: () => Promise<Uint8Array>, deps: AudioAnswerDeps): Promise<Outcome> {
  try {
    return outcomeOf(await transcriber.start({ key, mimeType, read })) as Outcome;
  } catch (error) {
    if (!(error instanceof TranscriptionError)) deps.onSpeechError(error);
    const reason = error instanceof TranscriptionError ? error.message : 'The speech engine failed. Please try again.';
    return outcomeOf({ state: 'failed', reason }) as Outcome;
  }
}

export function audioResult(response: StoredMentorResponse): SaveMentorResponseResult {
  const failed = response.status === 'transcription_failed';
  return { success: !failed, response_text: response.responseText, status: response.status, ...(failed && response.transcriptionError ? { error: response.transcriptionError } : {}) };
}

/**
 * `POST .../response/{stage}` as multipart: stores the recording, replacing the stage's previous
 * one, and transcribes it (done at once, or a job the stage's GET follows). The stage's question
 * must already exist: the browser opened it before recording.
 */
export async function saveAudioAnswer(mentorId: string, stage: number, upload: AudioUpload, deps: AudioAnswerDeps, now: Date): Promise<SaveMentorResponseResult> {
  const transcriber = deps.transcriber;
  if (!transcriber) throw transcriptionUnavailable();
  const type = sniffAudio(upload.data);
  const durationMs = parseDurationMs(upload.durationMs, MENTOR_INTERVIEW_LIMITS.recordingMaxMs);
  await deps.limit(mentorId, now);

  const key = audioKey(mentorId, stage, type.extension);
  await deps.audio.putBytes(key, upload.data, type.mimeType);
  const outcome = await startTranscription(transcriber, key, type.mimeType, () => Promise.resolve(upload.data), deps);
  const at = now.toISOString();
  let replaced = null as string | null;
  const saved = await deps.updateMentorResponse(mentorId, stage, (current) => {
    replaced = current.audioKey;
    return { ...current, ...outcome, audioKey: key, audioMimeType: type.mimeType, durationMs, updatedAt: at };
  });
  if (!saved) {
    await deps.audio.delete([key]);
    throw noStage();
  }
  if (replaced && replaced !== key) await deps.audio.delete([replaced]).catch(deps.onSpeechError);
  return audioResult(saved);
}

/**
 * Follows a stage's Transcribe job (the stage's GET, which the browser polls while it waits):
 * a finished job's text or failure is written; a running one, or an engine that cannot be asked
 * right now, leaves the stage as it is for the next poll.
 */
export async function refreshTranscription(response: StoredMentorResponse, deps: Pick<AudioAnswerDeps, 'transcriber' | 'updateMentorResponse' | 'onSpeechError'>, now: Date): Promise<StoredMentorResponse> {
  const job = response.transcriptionJob;
  if (response.status !== 'transcribing' || !job) return response;
  let outcome: Outcome | null;
  if (!deps.transcriber) {
    outcome = outcomeOf({ state: 'failed', reason: MENTOR_INTERVIEW_MESSAGES.transcriptionUnavailable });
  } else {
    try {
      outcome = outcomeOf(await deps.transcriber.check(job));
    } catch (error) {
      deps.onSpeechError(error);
      return response;
    }
  }
  if (!outcome) return response;
  const at = now.toISOString();
  const written = await deps.updateMentorResponse(response.mentorId, response.stage, (current) =>
    // A newer recording (or a retry) started another job meanwhile: this result is stale.
    current.transcriptionJob === job && current.status === 'transcribing' ? { ...current, ...outcome, updatedAt: at } : null,
  );
  return written ?? response;
}

/**
 * `POST .../response/{stage}/transcription`: transcribes the kept recording again after a failure.
 * A transcription already done or under way is answered as it stands (a repeated click).
 */
export async function retryTranscription(mentorId: string, response: StoredMentorResponse | undefined, deps: AudioAnswerDeps, now: Date): Promise<SaveMentorResponseResult> {
  if (!response) throw noStage();
  const key = response.audioKey;
  const mimeType = response.audioMimeType ?? 'audio/webm';
  if (!key) throw new DomainError('conflict', ERROR_CODES.conflict, 'This answer has no recording to transcribe.');
  if (response.status === 'transcribing' || response.status === 'transcribed') return audioResult(response);
  if (response.status !== 'transcription_failed') throw new DomainError('conflict', ERROR_CODES.conflict, 'This answer is already saved; record it again to replace it.');
  const transcriber = deps.transcriber;
  if (!transcriber) throw transcriptionUnavailable();
  await deps.limit(mentorId, now);

  const outcome = await startTranscription(transcriber, key, mimeType, () => deps.audio.getBytes(key), deps);
  const at = now.toISOString();
  const saved = await deps.updateMentorResponse(mentorId, response.stage, (current) =>
    current.audioKey === key && current.status === 'transcription_failed' ? { ...current, ...outcome, updatedAt: at } : null,
  );
  if (!saved) throw noStage();
  return audioResult(saved);
}
