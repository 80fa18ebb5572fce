import { resolveApiKey } from '../llm/endpoints.ts';
import { spokenText, TranscriptionError, type StoredAudio, type Transcriber } from './types.ts';

export interface OpenAITranscriberOptions {
  baseURL?: string | undefined;
  apiKey: string;
  model: string;
  /** Under the route's own timeout, so a slow engine still gets a `transcription_failed` answer. */
  timeoutMs?: number;
}

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_TIMEOUT_MS = 25_000;
const EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'mp4', 'audio/wav': 'wav' };

/**
 * OpenAI's `/v1/audio/transcriptions` or any server speaking it (a local Whisper, a gateway):
 * one multipart POST with the recording, answered with its text. Plain fetch: the openai SDK
 * would add its weight to every function that might transcribe.
 */
export function openAITranscriber(options: OpenAITranscriberOptions): Transcriber {
  const url = `${(options.baseURL ?? DEFAULT_BASE_URL).replace(/\/$/, '')}/audio/transcriptions`;
  return {
    engine: 'openai',
    async start(audio) {
      return { state: 'done', text: await transcribe(url, options, audio) };
    },
    check() {
      // Every transcription finishes inside start. A job left by Transcribe before the config
      // changed cannot be followed here: failing it lets the mentor retry with this engine.
      return Promise.resolve({ state: 'failed', reason: 'The transcription was lost when the speech engine changed. Please try again.' });
    },
  };
}

async function transcribe(url: string, options: OpenAITranscriberOptions, audio: StoredAudio): Promise<string> {
  let key: string;
  try {
    key = resolveApiKey(options.apiKey);
  } catch {
    throw new TranscriptionError('The speech engine’s key is not set up on the server.');
  }
  const bytes = await audio.read();
  const form = new FormData();
  const mimeType = audio.mimeType.split(';')[0] ?? audio.mimeType;
  form.set('file', new Blob([bytes], { type: mimeType }), `answer.${EXTENSIONS[mimeType] ?? 'webm'}`);
  form.set('model', options.model);
  // OpenAI takes ISO-639-1 ("en"), not a region.
  const language = audio.languageCode?.split('-')[0]?.toLowerCase();
  if (language) form.set('language', language);
  form.set('response_format', 'json');
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') throw new TranscriptionError('The speech engine took too long to answer.');
    throw new TranscriptionError('The speech engine could not be reached.');
  }
  if (!response.ok) throw new TranscriptionError(await refusal(response));
  const body = (await response.json().catch(() => undefined)) as { text?: unknown } | undefined;
  if (typeof body?.text !== 'string') throw new TranscriptionError('The speech engine answered without a transcript.');
  return spokenText(body.text);
}

/** A refusal in words the speaker can act on; the engine's own message only where it is about the audio. */
async function refusal(response: Response): Promise<string> {
  if (response.status === 401 || response.status === 403) return 'The speech engine refused the server’s credentials.';
  if (response.status === 429) return 'The speech engine is busy. Please try again in a moment.';
  if (response.status === 413) return 'The recording is too large for the speech engine.';
  if (response.status >= 500) return `The speech engine failed (${response.status}). Please try again.`;
  const body = (await response.json().catch(() => undefined)) as { error?: { message?: unknown } } | undefined;
  const message = typeof body?.error?.message === 'string' ? body.error.message.slice(0, 200) : '';
  return `The speech engine could not read the recording (${response.status})${message ? `: ${message}` : '.'}`;
}
