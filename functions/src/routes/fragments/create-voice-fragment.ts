import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { getAppConfig } from '../../config/app-config.ts';
import { createVoiceFragment, transcriptionNotSetUp } from '../../domain/fragments/voice-note.ts';
import { defineHandler } from '../../http/handler.ts';
import { logger } from '../../http/logger.ts';
import { readMultipart, requireFile } from '../../http/multipart.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { reply } from '../../http/reply.ts';
import { loadTranscriber } from '../../providers/speech/load-transcriber.ts';
import { bucketObjects } from '../../store/blobs.ts';
import { keys } from '../../store/keys.ts';
import { fragmentDeps } from './fragment-deps.ts';

/** Multipart `audio` and `duration_ms`. With no speech engine the upload is refused before its body is read. */
export const handler = defineHandler('createVoiceFragment', async ({ auth, now, event }) => {
  const config = getAppConfig();
  const transcriber = await loadTranscriber(config);
  if (!transcriber) throw transcriptionNotSetUp();
  const form = await readMultipart(event, { maxFileBytes: config.fragments.maxAudioBytes, maxFields: 5 });
  const fragment = await createVoiceFragment(
    auth.userId,
    { data: requireFile(form, 'audio').data, durationMs: form.fields.get('duration_ms') },
    {
      transcriber,
      audio: bucketObjects('audio'),
      audioKey: (userId, extension) => `${keys.voiceNotePrefix(userId)}${randomUUID()}.${extension}`,
      limit: (userId, at) => enforceRateLimit(config, 'voiceNotes', userId, at.getTime()),
      onSpeechError: (error) => logger.warn('Voice note transcription failed', { reason: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown' }),
      sleep: (ms) => sleep(ms),
      fragments: fragmentDeps(now),
    },
  );
  return reply(fragment, { status: 201 });
});
