import { randomUUID } from 'node:crypto';
import { GetTranscriptionJobCommand, StartTranscriptionJobCommand, TranscribeClient, type LanguageCode, type MediaFormat } from '@aws-sdk/client-transcribe';
import { AUDIO_TRANSCRIPT_PREFIX } from '@meld/shared';
import type { BucketObjects } from '../../store/blobs.ts';
import { keys } from '../../store/keys.ts';
import { spokenText, TranscriptionError, type Transcriber, type TranscriptionCheck } from './types.ts';

export interface TranscribeTranscriberOptions {
  region: string;
  /** Transcribe's language code; without one it identifies the language itself. */
  languageCode?: string | undefined;
  /** The audio bucket: Transcribe reads the recording from it and writes its transcript back to it. */
  bucket: BucketObjects;
  bucketName: string;
}

/** Transcripts go beside the recordings, under their own prefix (docs/data-model.md). */
export const TRANSCRIPT_PREFIX = AUDIO_TRANSCRIPT_PREFIX;
const transcriptKey = (job: string) => `${TRANSCRIPT_PREFIX}${job}.json`;

const FORMATS: Record<string, MediaFormat> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'mp4', 'audio/wav': 'wav' };

let client: { region: string; transcribe: TranscribeClient } | undefined;

/**
 * Amazon Transcribe: a job on the recording's S3 object, which takes longer than a request may
 * wait, so `start` returns the job's name and the interview's GET (which the browser polls while
 * it waits) calls `check` until the transcript is in the bucket.
 */
export function transcribeTranscriber(options: TranscribeTranscriberOptions): Transcriber {
  if (client?.region !== options.region) client = { region: options.region, transcribe: new TranscribeClient({ region: options.region }) };
  const transcribe = client.transcribe;
  return {
    engine: 'transcribe',
    async start(audio) {
      const job = keys.transcriptionJob(audio.key, randomUUID().slice(0, 8));
      // Transcribe needs a regional code (en-US); a bare language leaves the configured one, or identification.
      const languageCode = audio.languageCode?.includes('-') ? audio.languageCode : options.languageCode;
      try {
        await transcribe.send(
          new StartTranscriptionJobCommand({
            TranscriptionJobName: job,
            Media: { MediaFileUri: options.bucket.uri(audio.key) },
            MediaFormat: FORMATS[audio.mimeType.split(';')[0] ?? ''] ?? 'webm',
            ...(languageCode ? { LanguageCode: languageCode as LanguageCode } : { IdentifyLanguage: true }),
            OutputBucketName: options.bucketName,
            OutputKey: transcriptKey(job),
          }),
        );
      } catch (error) {
        throw new TranscriptionError(`Amazon Transcribe did not start the transcription (${errorName(error)}). Please try again.`);
      }
      return { state: 'pending', job };
    },
    async check(job): Promise<TranscriptionCheck> {
      const { TranscriptionJob: found } = await transcribe.send(new GetTranscriptionJobCommand({ TranscriptionJobName: job }));
      const status = found?.TranscriptionJobStatus;
      if (status === 'FAILED') return { state: 'failed', reason: `Amazon Transcribe could not transcribe the recording: ${found?.FailureReason ?? 'no reason given'}` };
      if (status !== 'COMPLETED') return { state: 'running' };
      const transcript = JSON.parse(await options.bucket.getText(transcriptKey(job))) as { results?: { transcripts?: { transcript?: string }[] } };
      try {
        return { state: 'done', text: spokenText(transcript.results?.transcripts?.map((part) => part.transcript ?? '').join(' ')) };
      } catch (error) {
        if (error instanceof TranscriptionError) return { state: 'failed', reason: error.message };
        throw error;
      }
    },
  };
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'unknown error';
}
