import type { AppConfig } from '@meld/shared';
import { env } from '../../config/env.ts';
import { bucketObjects } from '../../store/blobs.ts';
import { openAITranscriber } from './openai-transcriber.ts';
import type { Transcriber } from './types.ts';

/**
 * The Transcribe SDK is imported only when a Transcribe engine is used. The stack also defines
 * `process.env.MELD_STT_ENGINE` at bundle time (`bundleDefine` in infra), so a deployment
 * without Transcribe ships none of its client.
 */
async function loadTranscribe(): Promise<typeof import('./transcribe-transcriber.ts')> {
  if (process.env.MELD_STT_ENGINE === undefined || process.env.MELD_STT_ENGINE === 'transcribe') return import('./transcribe-transcriber.ts');
  throw new Error('This function was built for a deployment without Amazon Transcribe');
}

/** The configured speech engine, or null when the deployment has none (text answers only). */
export async function loadTranscriber(config: Pick<AppConfig, 'speech'>): Promise<Transcriber | null> {
  const stt = config.speech.stt;
  if (!stt) return null;
  if (stt.engine === 'openai') return openAITranscriber(stt);
  const { transcribeTranscriber } = await loadTranscribe();
  return transcribeTranscriber({ region: env.region(), languageCode: stt.languageCode, bucket: bucketObjects('audio'), bucketName: env.audioBucket() });
}
