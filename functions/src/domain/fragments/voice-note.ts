import { ERROR_CODES, FRAGMENT_LIMITS, type Fragment } from '@meld/shared';
import type { Transcriber } from '../../providers/speech/types.ts';
import { parseDurationMs, sniffAudio } from '../audio/recording.ts';
import { DomainError } from '../errors.ts';
import { transcribeNow } from '../speech/transcribe-now.ts';
import { createFragment, type FragmentDeps } from './fragments.ts';

/**
 * Voice notes (spec 002: up to 90 s): the recording is kept under the user's folder in the audio
 * bucket, transcribed within the request (`transcribeNow`: Amazon Transcribe polled for up to ~20 s),
 * and the transcript becomes a fragment with source voice. A transcription that fails is a 422
 * saying so; the recording stays where it was put.
 */

export const VOICE_NOTE_MESSAGES = {
  unavailable: 'Voice notes are not available here. Write your note as a quick fragment instead.',
  engineFailed: 'The speech engine failed, so the voice note was not transcribed. Your recording was kept; please try again.',
  tooSlow: 'Transcription is taking longer than expected, so the voice note was not saved. Your recording was kept; please try again.',
} as const;

export interface VoiceNoteDeps {
  /** Null when no speech engine is configured: voice notes are refused, nothing is stored. */
  transcriber: Transcriber | null;
  audio: { putBytes(key: string, bytes: Uint8Array, contentType: string): Promise<void> };
  /** Where the user's recording goes (storage knows the bucket's layout). */
  audioKey(userId: string, extension: string): string;
  /** The per-user limit on speech-engine calls. */
  limit(userId: string, now: Date): Promise<void>;
  onSpeechError(error: unknown): void;
  sleep(ms: number): Promise<void>;
  fragments: FragmentDeps;
}

export interface VoiceUpload {
  data: Uint8Array;
  /** The form's `duration_ms` field as sent. */
  durationMs: string | undefined;
}

export const transcriptionNotSetUp = () => new DomainError('conflict', ERROR_CODES.conflict, VOICE_NOTE_MESSAGES.unavailable);
const notTranscribed = (message: string) => new DomainError('unprocessable', ERROR_CODES.validation, message, 'audio');

async function transcribe(transcriber: Transcriber, key: string, mimeType: string, data: Uint8Array, deps: VoiceNoteDeps): Promise<string> {
  const result = await transcribeNow(transcriber, { key, mimeType, read: () => Promise.resolve(data) }, deps);
  if (result.state === 'done') return result.text;
  throw notTranscribed(result.state === 'failed' ? result.reason : result.state === 'too-slow' ? VOICE_NOTE_MESSAGES.tooSlow : VOICE_NOTE_MESSAGES.engineFailed);
}

/** `POST /api/fragments/voice`: stores the recording, transcribes it and captures the transcript as a fragment. */
export async function createVoiceFragment(userId: string, upload: VoiceUpload, deps: VoiceNoteDeps): Promise<Fragment> {
  const transcriber = deps.transcriber;
  if (!transcriber) throw transcriptionNotSetUp();
  const type = sniffAudio(upload.data);
  parseDurationMs(upload.durationMs, FRAGMENT_LIMITS.voiceNoteMaxMs);
  const now = deps.fragments.now;
  await deps.limit(userId, now);

  const key = deps.audioKey(userId, type.extension);
  await deps.audio.putBytes(key, upload.data, type.mimeType);
  const text = await transcribe(transcriber, key, type.mimeType, upload.data, deps);
  return createFragment(userId, { content: text.slice(0, FRAGMENT_LIMITS.contentMax), source: 'voice', audioKey: key }, deps.fragments);
}
