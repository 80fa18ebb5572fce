import { ERROR_CODES, type SpeechToTextResponse } from '@meld/shared';
import type { Transcriber } from '../../providers/speech/types.ts';
import { sniffAudio } from '../audio/recording.ts';
import { DomainError } from '../errors.ts';
import { transcribeNow, type TranscribeNowDeps } from './transcribe-now.ts';

/**
 * Dictation (`POST /api/files/speech/stt`, decision 0021): a recording from the composer's
 * microphone becomes text within the request and is not kept. Amazon Transcribe reads its input
 * from the audio bucket, so for it the recording is stored just for the job and deleted after,
 * with Transcribe's output; an OpenAI-compatible engine takes the bytes directly.
 */

export const SPEECH_TO_TEXT_MESSAGES = {
  unavailable: 'Speech to text is not set up on the server. Choose the browser engine in the speech settings.',
  engineFailed: 'The speech engine failed, so nothing was transcribed. Please try again.',
  tooSlow: 'Transcription took too long. Please try again or record a shorter message.',
} as const;

export interface DictationDeps extends TranscribeNowDeps {
  /** Null when no speech engine is configured: the browser's own engine is the way. */
  transcriber: Transcriber | null;
  /** The per-user and per-address limits on speech-engine calls (stt_limit). */
  limit(): Promise<void>;
  /** Where a recording Transcribe reads is put (storage knows the bucket's layout). */
  audioKey(extension: string): string;
  audio: {
    put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
    /** Deletes the recording and whatever the engine wrote beside it. */
    discard(key: string): Promise<void>;
  };
}

export const speechToTextNotSetUp = () => new DomainError('conflict', ERROR_CODES.conflict, SPEECH_TO_TEXT_MESSAGES.unavailable);
const notTranscribed = (message: string) => new DomainError('unprocessable', ERROR_CODES.validation, message, 'audio');

export async function dictate(data: Uint8Array, deps: DictationDeps, languageCode?: string): Promise<SpeechToTextResponse> {
  const transcriber = deps.transcriber;
  if (!transcriber) throw speechToTextNotSetUp();
  const type = sniffAudio(data, { wav: true });
  await deps.limit();

  const key = deps.audioKey(type.extension);
  const stored = transcriber.engine === 'transcribe';
  if (stored) await deps.audio.put(key, data, type.mimeType);
  try {
    const result = await transcribeNow(transcriber, { key, mimeType: type.mimeType, languageCode, read: () => Promise.resolve(data) }, deps);
    if (result.state === 'done') return { text: result.text };
    throw notTranscribed(result.state === 'failed' ? result.reason : result.state === 'too-slow' ? SPEECH_TO_TEXT_MESSAGES.tooSlow : SPEECH_TO_TEXT_MESSAGES.engineFailed);
  } finally {
    // Nothing of a dictation is kept; a cleanup that fails is logged, the answer stands.
    if (stored) await deps.audio.discard(key).catch((error: unknown) => deps.onSpeechError(error));
  }
}
