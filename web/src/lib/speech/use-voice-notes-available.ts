import { useSpeechConfig } from './speech-queries.ts';

/**
 * Whether a voice note can be kept: the server turns it into a fragment with its speech-to-text
 * engine, the one the speech settings call external. Without one it refuses the upload, so the
 * recording would be lost: the app does not offer it (and says nothing about configuration).
 */
export function useVoiceNotesAvailable(): boolean {
  return useSpeechConfig().sttExternal;
}
