import { useCallback } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { showToast } from '../toast.ts';
import { useUserSettings } from '../user-settings.ts';
import { SpeechPlaybackError, speak } from './speech-player.ts';
import { useSpeechConfig } from './speech-queries.ts';
import { speechEngine } from './speech-settings.ts';

/**
 * Reads a text aloud with the user's speech settings and says so when it fails. `external` asks
 * for the server's voice whatever the engine setting (the long press), when the server has one.
 */
export function useReadAloud() {
  const { t } = useTranslation();
  const settings = useUserSettings();
  const { ttsExternal } = useSpeechConfig();

  return useCallback(
    (id: string, text: string, options: { external?: boolean } = {}) => {
      const engine = options.external && ttsExternal ? 'external' : speechEngine(settings.engineTTS, ttsExternal);
      // A browser voice's name means nothing to the server, and the reverse.
      const voice = engine === settings.engineTTS ? settings.voice : '';
      speak({ id, text, engine, voice, language: settings.languageTTS, rate: settings.playbackRate, cache: settings.cacheTTS }).catch((error: unknown) => {
        const kind = error instanceof SpeechPlaybackError ? error.kind : 'processing';
        showToast({ message: t(`speech.errors.${kind}`), severity: 'error' });
      });
    },
    [settings.cacheTTS, settings.engineTTS, settings.languageTTS, settings.playbackRate, settings.voice, t, ttsExternal],
  );
}
