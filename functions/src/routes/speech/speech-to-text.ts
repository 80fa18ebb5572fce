import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SPEECH_AUDIO_FIELD, SPEECH_LANGUAGE_FIELD, SPEECH_LANGUAGE_PATTERN } from '@meld/shared';
import { getAppConfig } from '../../config/app-config.ts';
import { dictate, speechToTextNotSetUp } from '../../domain/speech/speech-to-text.ts';
import { httpErrors } from '../../http/errors.ts';
import { defineHandler } from '../../http/handler.ts';
import { logger } from '../../http/logger.ts';
import { readMultipart, requireFile } from '../../http/multipart.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { loadTranscriber } from '../../providers/speech/load-transcriber.ts';
import { bucketObjects } from '../../store/blobs.ts';
import { keys } from '../../store/keys.ts';

/** Multipart `audio`. With no speech engine the upload is refused before its body is read. */
export const handler = defineHandler('speechToText', async ({ auth, ip, now, event }) => {
  const config = getAppConfig();
  const transcriber = await loadTranscriber(config);
  if (!transcriber) throw speechToTextNotSetUp();
  const form = await readMultipart(event, { maxFileBytes: config.speech.maxAudioBytes, maxFields: 5 });
  const language = form.fields.get(SPEECH_LANGUAGE_FIELD)?.trim() || undefined;
  if (language && !SPEECH_LANGUAGE_PATTERN.test(language)) throw httpErrors.badRequest('language must be a locale such as en-US', { field: 'language' });
  const audio = bucketObjects('audio');
  return dictate(requireFile(form, SPEECH_AUDIO_FIELD).data, {
    transcriber,
    limit: async () => {
      await enforceRateLimit(config, 'stt', auth.userId, now.getTime());
      await enforceRateLimit(config, 'sttPerIp', ip, now.getTime());
    },
    audioKey: (extension) => `${keys.dictationPrefix(auth.userId)}${randomUUID()}.${extension}`,
    audio: {
      put: (key, bytes, contentType) => audio.putBytes(key, bytes, contentType),
      discard: async (key) => {
        await audio.delete([key]);
        await audio.deletePrefix(keys.transcriptPrefix(key));
      },
    },
    onSpeechError: (error) => logger.warn('Dictation: the speech engine failed', { reason: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown' }),
    sleep: (ms) => sleep(ms),
  }, language);
});
