import { ERROR_CODES, type SpeechConfigResponse, type SpeechVoicesResponse, type TextToSpeechBody } from '@meld/shared';
import { SynthesisError, type Synthesizer } from '../../providers/speech/synthesizer.ts';
import { DomainError } from '../errors.ts';
import { splitForSpeech } from './split-for-speech.ts';

/**
 * Text to speech (decision 0021): the text is split where the engine needs it (Polly 3,000
 * characters a call, OpenAI 4,096) and the parts' MP3 is sent on one after another, which plays
 * as one file. The first part is asked for before anything is sent, so a refusal is still an
 * error status; a later part that fails ends the stream early.
 */

export const TEXT_TO_SPEECH_MESSAGES = {
  unavailable: 'Text to speech is not set up on the server. Choose the browser engine in the speech settings.',
  unknownVoice: 'voice must be one of the voices the speech engine offers',
} as const;

export interface TextToSpeechDeps {
  /** Null when no engine is configured: the browser's voices are the only ones. */
  synthesizer: Synthesizer | null;
  /** The per-user and per-address limits on speech-engine calls (tts_limit). */
  limit(): Promise<void>;
  /** A later part that failed; the listener hears the audio up to it. */
  onSpeechError(error: unknown): void;
}

export const textToSpeechNotSetUp = () => new DomainError('conflict', ERROR_CODES.conflict, TEXT_TO_SPEECH_MESSAGES.unavailable);

function requireSynthesizer(synthesizer: Synthesizer | null): Synthesizer {
  if (!synthesizer) throw textToSpeechNotSetUp();
  return synthesizer;
}

/** The engine's answer; its refusal (busy, credentials, unreachable) becomes a 422 saying so. */
async function engineCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof SynthesisError) throw new DomainError('unprocessable', ERROR_CODES.validation, error.message);
    throw error;
  }
}

const speakPart = (synthesizer: Synthesizer, text: string, voice: string) => engineCall(() => synthesizer.speak(text, voice));

/** `POST /api/files/speech/tts/manual`: the text's MP3, part after part. */
export async function speakText(body: TextToSpeechBody, deps: TextToSpeechDeps): Promise<AsyncIterable<Uint8Array>> {
  const synthesizer = requireSynthesizer(deps.synthesizer);
  await deps.limit();
  const voice = body.voice ?? synthesizer.defaultVoice;
  if (body.voice && !(await engineCall(() => synthesizer.voices())).some((offered) => offered.id === voice)) {
    throw new DomainError('invalid', ERROR_CODES.validation, TEXT_TO_SPEECH_MESSAGES.unknownVoice, 'voice');
  }
  const [first = '', ...rest] = splitForSpeech(body.input, synthesizer.maxChars);
  const firstAudio = await speakPart(synthesizer, first, voice);
  return (async function* audio() {
    try {
      yield* firstAudio;
      for (const part of rest) yield* await speakPart(synthesizer, part, voice);
    } catch (error) {
      deps.onSpeechError(error);
      throw error;
    }
  })();
}

/** `GET /api/files/speech/tts/voices`. */
export async function listVoices(synthesizer: Synthesizer | null): Promise<SpeechVoicesResponse> {
  const engine = requireSynthesizer(synthesizer);
  return { engine: engine.engine, defaultVoice: engine.defaultVoice, voices: await engineCall(() => engine.voices()) };
}

/**
 * `GET /api/files/speech/config/get`: which server engines the speech tab may offer. With none it
 * still answers 200 (both false): every signed-in page asks, and a 404 would log on each of them.
 */
export function speechConfig(engines: { stt: boolean; tts: boolean }): SpeechConfigResponse {
  return { sttExternal: engines.stt, ttsExternal: engines.tts };
}
