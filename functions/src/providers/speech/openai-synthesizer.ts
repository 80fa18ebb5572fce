import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { SpeechVoice } from '@meld/shared';
import { resolveApiKey } from '../llm/endpoints.ts';
import { SynthesisError, type Synthesizer } from './synthesizer.ts';

export interface OpenAISynthesizerOptions {
  baseURL?: string | undefined;
  apiKey: string;
  model: string;
  voice: string;
  voices?: readonly string[] | undefined;
  /** The wait for the engine to start answering; the audio itself may take longer to arrive. */
  timeoutMs?: number;
}

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_TIMEOUT_MS = 25_000;
/** OpenAI's `/v1/audio/speech` takes at most this many characters. */
const MAX_CHARS = 4096;
/** OpenAI's voices; another server's are configured (`speech.tts.voices`). */
export const OPENAI_VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer', 'verse'] as const;

/**
 * OpenAI's `/v1/audio/speech` or any server speaking it: one JSON POST answered with MP3, passed
 * on as it arrives. Plain fetch, as for transcription: the openai SDK would weigh on the bundle.
 */
export function openAISynthesizer(options: OpenAISynthesizerOptions): Synthesizer {
  const url = `${(options.baseURL ?? DEFAULT_BASE_URL).replace(/\/$/, '')}/audio/speech`;
  const voices: SpeechVoice[] = (options.voices ?? OPENAI_VOICES).map((id) => ({ id, name: id.charAt(0).toUpperCase() + id.slice(1) }));
  return {
    engine: 'openai',
    maxChars: MAX_CHARS,
    defaultVoice: options.voice,
    voices: () => Promise.resolve(voices),
    speak: (text, voice) => speak(url, options, text, voice),
  };
}

async function speak(url: string, options: OpenAISynthesizerOptions, input: string, voice: string): Promise<AsyncIterable<Uint8Array>> {
  let key: string;
  try {
    key = resolveApiKey(options.apiKey);
  } catch {
    throw new SynthesisError('The speech engine’s key is not set up on the server.');
  }
  // Only the wait for the answer's head is timed: an abort later would cut the audio short.
  const answered = new AbortController();
  const timer = setTimeout(() => answered.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: options.model, input, voice, response_format: 'mp3' }),
      signal: answered.signal,
    });
  } catch {
    throw new SynthesisError(answered.signal.aborted ? 'The speech engine took too long to answer.' : 'The speech engine could not be reached.');
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) throw new SynthesisError(await refusal(response));
  if (!response.body) throw new SynthesisError('The speech engine answered without audio.');
  return Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
}

/** A refusal in words the listener can act on; the engine's own message only where it is about the text. */
async function refusal(response: Response): Promise<string> {
  if (response.status === 401 || response.status === 403) return 'The speech engine refused the server’s credentials.';
  if (response.status === 429) return 'The speech engine is busy. Please try again in a moment.';
  if (response.status >= 500) return `The speech engine failed (${response.status}). Please try again.`;
  const body = (await response.json().catch(() => undefined)) as { error?: { message?: unknown } } | undefined;
  const message = typeof body?.error?.message === 'string' ? body.error.message.slice(0, 200) : '';
  return `The speech engine could not read the text (${response.status})${message ? `: ${message}` : '.'}`;
}
