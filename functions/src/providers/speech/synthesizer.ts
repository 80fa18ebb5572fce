import type { SpeechVoice, TextToSpeechEngine } from '@meld/shared';

/**
 * Text to speech (`POST /api/files/speech/tts/manual`, docs/decisions/0021-text-to-speech.md):
 * Amazon Polly or an OpenAI-compatible `/v1/audio/speech`, both answering MP3 as it is made.
 */

export interface Synthesizer {
  readonly engine: TextToSpeechEngine;
  /** The longest text one call takes (the engine's own limit); longer input is split before. */
  readonly maxChars: number;
  /** The voice a request that names none speaks with. */
  readonly defaultVoice: string;
  /** The voices a request may name. */
  voices(): Promise<SpeechVoice[]>;
  /**
   * One call's MP3, as it arrives. Resolves once the engine has accepted the text, so a refusal
   * (a SynthesisError) comes before any byte is sent on.
   */
  speak(text: string, voice: string): Promise<AsyncIterable<Uint8Array>>;
}

/** Speech the engine would not make, with a reason fit to show the listener. */
export class SynthesisError extends Error {
  override readonly name = 'SynthesisError';
}
