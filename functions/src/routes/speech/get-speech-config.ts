import { getAppConfig } from '../../config/app-config.ts';
import { speechConfig } from '../../domain/speech/text-to-speech.ts';
import { defineHandler } from '../../http/handler.ts';

/** Which server speech engines the settings may offer; both false when there are none. */
export const handler = defineHandler('getSpeechConfig', async () => {
  const { speech } = getAppConfig();
  return speechConfig({ stt: Boolean(speech.stt), tts: Boolean(speech.tts) });
});
