import { TranscriptionError, type StoredAudio, type Transcriber, type TranscriptionCheck } from '../../providers/speech/types.ts';

/**
 * Transcription within one request, for the callers that answer with the text (voice notes,
 * dictation): an engine that answers later (Amazon Transcribe) is polled for up to ~20 s, which
 * a short recording needs a few of; under the HTTP API's 30 s.
 */

const POLL_EVERY_MS = 1_500;
const POLL_FOR_MS = 20_000;

export interface TranscribeNowDeps {
  sleep(ms: number): Promise<void>;
  /** An engine failure that is no refusal (a bug, a lost connection): the caller logs it. */
  onSpeechError(error: unknown): void;
}

/** The text, the engine's reason for not giving one (fit for the speaker), or how it went wrong. */
export type TranscribeNowResult = { state: 'done'; text: string } | { state: 'failed'; reason: string } | { state: 'too-slow' } | { state: 'engine-error' };

/** Follows a started job until it ends or the wait is over. */
async function awaitJob(transcriber: Transcriber, job: string, deps: TranscribeNowDeps): Promise<TranscriptionCheck> {
  for (let waited = 0; waited < POLL_FOR_MS; waited += POLL_EVERY_MS) {
    await deps.sleep(POLL_EVERY_MS);
    const check = await transcriber.check(job);
    if (check.state !== 'running') return check;
  }
  return { state: 'running' };
}

export async function transcribeNow(transcriber: Transcriber, audio: StoredAudio, deps: TranscribeNowDeps): Promise<TranscribeNowResult> {
  try {
    const started = await transcriber.start(audio);
    const result = started.state === 'done' ? started : await awaitJob(transcriber, started.job, deps);
    return result.state === 'running' ? { state: 'too-slow' } : result;
  } catch (error) {
    if (error instanceof TranscriptionError) return { state: 'failed', reason: error.message };
    deps.onSpeechError(error);
    return { state: 'engine-error' };
  }
}
