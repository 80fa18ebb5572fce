import * as z from 'zod';
import { TEXT_TO_SPEECH_LIMITS } from '../speech-constants.ts';

export { SPEECH_AUDIO_FIELD, SPEECH_LANGUAGE_FIELD, SPEECH_LANGUAGE_PATTERN, TEXT_TO_SPEECH_LIMITS } from '../speech-constants.ts';

/**
 * Speech on the server (spec 000 sections 3, 7 and 8; docs/decisions/0021-text-to-speech.md).
 *
 * - `POST /api/files/speech/stt`: multipart, the recording under `audio` (WebM, Ogg, MP4 or WAV by
 *   its first bytes, at most the config's `speech.maxAudioBytes`), answered `{ text }`. 409 when the
 *   server has no speech-to-text engine (the browser then uses its own); 422 when the engine heard
 *   nothing or failed; 429 `stt_limit` over the per-user limit.
 * - `POST /api/files/speech/tts/manual`: JSON `{ input, voice? }`, answered with MP3 bytes
 *   (`audio/mpeg`) as they are synthesised. It is a STREAMING route (a Function URL behind
 *   CloudFront, decision 0003): send the bearer token in `X-Meld-Authorization` and the body's hex
 *   SHA-256 in `x-amz-content-sha256`, as the chat's streams do. Errors before the first byte are
 *   JSON with their status (400 naming the field, 409 without an engine, 429 `tts_limit`).
 * - `GET /api/files/speech/tts/voices`: the server engine's voices.
 * - `GET /api/files/speech/config/get`: what the browser's speech tab should know; with no speech
 *   engine at all both flags are false (200, not the spec's not_found: that logged on every page).
 */

export const speechToTextResponse = z.object({ text: z.string() });
export type SpeechToTextResponse = z.infer<typeof speechToTextResponse>;

export const textToSpeechBody = z.object({
  input: z
    .string({ error: 'input must be text' })
    .trim()
    .min(1, { error: 'input must not be empty' })
    .max(TEXT_TO_SPEECH_LIMITS.inputMax, { error: `input must be at most ${TEXT_TO_SPEECH_LIMITS.inputMax} characters` }),
  /** One of the voices route's ids; the engine's default without it. */
  voice: z.string({ error: 'voice must be text' }).trim().min(1, { error: 'voice must not be empty' }).max(100, { error: 'voice is too long' }).optional(),
});
export type TextToSpeechBody = z.infer<typeof textToSpeechBody>;

/** MP3 bytes, streamed; not JSON. */
export const textToSpeechResponse = z.unknown();

export const TEXT_TO_SPEECH_ENGINES = ['polly', 'openai'] as const;
export type TextToSpeechEngine = (typeof TEXT_TO_SPEECH_ENGINES)[number];

export const speechVoiceSchema = z.object({
  /** What `voice` takes. */
  id: z.string(),
  name: z.string(),
  /** BCP 47, where the engine says (Polly does; OpenAI's voices speak every language). */
  languageCode: z.string().optional(),
  languageName: z.string().optional(),
  gender: z.enum(['Female', 'Male']).optional(),
});
export type SpeechVoice = z.infer<typeof speechVoiceSchema>;

export const speechVoicesResponse = z.object({
  engine: z.enum(TEXT_TO_SPEECH_ENGINES),
  /** The voice used when a request names none. */
  defaultVoice: z.string(),
  voices: z.array(speechVoiceSchema),
});
export type SpeechVoicesResponse = z.infer<typeof speechVoicesResponse>;

export const speechConfigResponse = z.object({
  /** The server transcribes recordings (`engineSTT: 'external'` may be offered). */
  sttExternal: z.boolean(),
  /** The server speaks text (`engineTTS: 'external'` may be offered). */
  ttsExternal: z.boolean(),
});
export type SpeechConfigResponse = z.infer<typeof speechConfigResponse>;
