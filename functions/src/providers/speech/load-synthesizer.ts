import type { AppConfig } from '@meld/shared';
import { env } from '../../config/env.ts';
import { openAISynthesizer } from './openai-synthesizer.ts';
import { pollySynthesizer } from './polly-synthesizer.ts';
import type { Synthesizer } from './synthesizer.ts';

/** The configured text-to-speech engine, or null when the browser's voices are the only ones. */
export function loadSynthesizer(config: Pick<AppConfig, 'speech'>): Synthesizer | null {
  const tts = config.speech.tts;
  if (!tts) return null;
  if (tts.engine === 'openai') return openAISynthesizer(tts);
  return pollySynthesizer({ region: env.region(), endpoint: env.pollyEndpoint(), voiceId: tts.voiceId, engineKind: tts.engineKind, languageCode: tts.languageCode });
}
