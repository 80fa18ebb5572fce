import { getAppConfig } from '../../config/app-config.ts';
import { listVoices } from '../../domain/speech/text-to-speech.ts';
import { defineHandler } from '../../http/handler.ts';
import { loadSynthesizer } from '../../providers/speech/load-synthesizer.ts';

/** The server engine's voices; 409 when the server speaks none. */
export const handler = defineHandler('listSpeechVoices', async () => listVoices(loadSynthesizer(getAppConfig())));
