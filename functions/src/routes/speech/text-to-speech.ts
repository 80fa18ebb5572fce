import { Readable } from 'node:stream';
import { getAppConfig } from '../../config/app-config.ts';
import { speakText } from '../../domain/speech/text-to-speech.ts';
import { logger } from '../../http/logger.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { defineStreamingHandler } from '../../http/streaming-handler.ts';
import { loadSynthesizer } from '../../providers/speech/load-synthesizer.ts';

/** JSON `{ input, voice? }`, answered with the speech's MP3 as the engine makes it. */
export const handler = defineStreamingHandler('textToSpeech', async ({ auth, body, ip, now }) => {
  const config = getAppConfig();
  const audio = await speakText(body, {
    synthesizer: loadSynthesizer(config),
    // A streaming handler has no request scope to name the caller: the limiter is told who it is.
    limit: async () => {
      const caller = { userId: auth.userId, ip };
      await enforceRateLimit(config, 'tts', auth.userId, now.getTime(), caller);
      await enforceRateLimit(config, 'ttsPerIp', ip, now.getTime(), caller);
    },
    onSpeechError: (error) => logger.warn('Text to speech: the engine failed mid-stream', { reason: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown' }),
  });
  return { headers: { 'content-type': 'audio/mpeg', 'cache-control': 'no-store' }, body: Readable.from(audio, { objectMode: false }) };
});
