/**
 * Speech to text, shared by the mentor interview's recordings and the chat's dictation
 * (`POST /api/files/speech/stt`). An engine either answers at once (OpenAI-compatible servers)
 * or starts a job that is checked later (Amazon Transcribe): docs/decisions/0013-transcription-engines.md.
 */

/** A recording in the audio bucket. The bytes are read only by engines that upload them. */
export interface StoredAudio {
  key: string;
  mimeType: string;
  /** The language the speaker chose (BCP 47, e.g. en-US), when they chose one; engines take it as a hint. */
  languageCode?: string | undefined;
  read(): Promise<Uint8Array>;
}

export type TranscriptionStart = { state: 'done'; text: string } | { state: 'pending'; job: string };
export type TranscriptionCheck = { state: 'done'; text: string } | { state: 'running' } | { state: 'failed'; reason: string };

export interface Transcriber {
  readonly engine: 'openai' | 'transcribe';
  /** Transcribes the recording, or starts a job for it; a refusal throws a TranscriptionError. */
  start(audio: StoredAudio): Promise<TranscriptionStart>;
  /** Where a started job is; a job the engine reports as failed is `failed`, not thrown. */
  check(job: string): Promise<TranscriptionCheck>;
}

/** A transcription the engine could not make, with a reason fit to show the person who spoke. */
export class TranscriptionError extends Error {
  override readonly name = 'TranscriptionError';
}

export const NO_SPEECH = 'No speech was heard in the recording.';

/** The engine's text, or a TranscriptionError when it heard nothing. */
export function spokenText(text: string | undefined): string {
  const trimmed = (text ?? '').trim();
  if (!trimmed) throw new TranscriptionError(NO_SPEECH);
  return trimmed;
}
