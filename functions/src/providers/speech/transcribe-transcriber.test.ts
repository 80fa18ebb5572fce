import { BadRequestException, GetTranscriptionJobCommand, StartTranscriptionJobCommand, TranscribeClient } from '@aws-sdk/client-transcribe';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import type { BucketObjects } from '../../store/blobs.ts';
import { TRANSCRIPT_PREFIX, transcribeTranscriber } from './transcribe-transcriber.ts';
import { NO_SPEECH, TranscriptionError, type StoredAudio } from './types.ts';

const transcribe = mockClient(TranscribeClient);
afterEach(() => transcribe.reset());

/** The audio bucket as the engine uses it: the URI it hands Transcribe and the transcripts Transcribe writes back. */
function bucket(transcripts: Record<string, unknown> = {}): BucketObjects {
  return {
    uri: (key: string) => `s3://meld-audio/${key}`,
    getText: (key: string) => (key in transcripts ? Promise.resolve(JSON.stringify(transcripts[key])) : Promise.reject(new Error(`S3 GET ${key} failed with 404`))),
  } as BucketObjects;
}

const recording: StoredAudio = { key: 'mentor-interviews/m1/stage-2/a.webm', mimeType: 'audio/webm;codecs=opus', read: () => Promise.reject(new Error('Transcribe reads the audio from S3 itself')) };
const engine = (transcripts?: Record<string, unknown>, languageCode?: string) => transcribeTranscriber({ region: 'eu-west-1', languageCode, bucket: bucket(transcripts), bucketName: 'meld-audio' });
const transcriptJson = (text: string) => ({ jobName: 'x', results: { transcripts: [{ transcript: text }], items: [] }, status: 'COMPLETED' });

describe('Amazon Transcribe', () => {
  it('starts a webm job on the recording in the audio bucket, writing the transcript back to it', async () => {
    transcribe.on(StartTranscriptionJobCommand).resolves({});
    const started = await engine(undefined, 'en-GB').start(recording);
    expect(started).toEqual({ state: 'pending', job: expect.stringMatching(/^meld-mentor-interviews\.m1\.stage-2\.a\.webm-[0-9a-f]{8}$/) as string });
    const input = transcribe.commandCalls(StartTranscriptionJobCommand)[0]?.args[0].input;
    expect(input).toEqual({
      TranscriptionJobName: started.state === 'pending' ? started.job : '',
      Media: { MediaFileUri: 's3://meld-audio/mentor-interviews/m1/stage-2/a.webm' },
      MediaFormat: 'webm',
      LanguageCode: 'en-GB',
      OutputBucketName: 'meld-audio',
      OutputKey: `${TRANSCRIPT_PREFIX}${started.state === 'pending' ? started.job : ''}.json`,
    });
  });

  it('identifies the language itself when none is configured', async () => {
    transcribe.on(StartTranscriptionJobCommand).resolves({});
    await engine().start({ ...recording, mimeType: 'audio/ogg' });
    expect(transcribe.commandCalls(StartTranscriptionJobCommand)[0]?.args[0].input).toMatchObject({ IdentifyLanguage: true, MediaFormat: 'ogg' });
  });

  it('uses the regional language the speaker chose over the configured one, and ignores a bare language', async () => {
    transcribe.on(StartTranscriptionJobCommand).resolves({});
    await engine(undefined, 'en-US').start({ ...recording, languageCode: 'de-DE' });
    await engine(undefined, 'en-US').start({ ...recording, languageCode: 'de' });
    const inputs = transcribe.commandCalls(StartTranscriptionJobCommand).map((call) => call.args[0].input.LanguageCode);
    expect(inputs).toEqual(['de-DE', 'en-US']);
  });

  it('reports a job Transcribe would not start as a failed transcription', async () => {
    transcribe.on(StartTranscriptionJobCommand).rejects(new BadRequestException({ message: 'The S3 URI is not valid', $metadata: {} }));
    await expect(engine().start(recording)).rejects.toThrow(TranscriptionError);
    await expect(engine().start(recording)).rejects.toThrow(/did not start the transcription \(BadRequestException\)/);
  });

  it('says a queued or running job is still running', async () => {
    transcribe.on(GetTranscriptionJobCommand).resolvesOnce({ TranscriptionJob: { TranscriptionJobStatus: 'QUEUED' } }).resolves({ TranscriptionJob: { TranscriptionJobStatus: 'IN_PROGRESS' } });
    expect(await engine().check('meld-1')).toEqual({ state: 'running' });
    expect(await engine().check('meld-1')).toEqual({ state: 'running' });
    expect(transcribe.commandCalls(GetTranscriptionJobCommand)[0]?.args[0].input).toEqual({ TranscriptionJobName: 'meld-1' });
  });

  it('reads a completed job’s text from the transcript in the bucket', async () => {
    transcribe.on(GetTranscriptionJobCommand).resolves({ TranscriptionJob: { TranscriptionJobStatus: 'COMPLETED' } });
    const done = await engine({ [`${TRANSCRIPT_PREFIX}meld-2.json`]: transcriptJson('The day I left the bank, I was terrified. ') }).check('meld-2');
    expect(done).toEqual({ state: 'done', text: 'The day I left the bank, I was terrified.' });
  });

  it('gives Transcribe’s reason for a failed job, and counts a silent recording as failed', async () => {
    transcribe.on(GetTranscriptionJobCommand).resolvesOnce({ TranscriptionJob: { TranscriptionJobStatus: 'FAILED', FailureReason: 'The media format provided does not match the detected media format.' } });
    expect(await engine().check('meld-3')).toEqual({ state: 'failed', reason: 'Amazon Transcribe could not transcribe the recording: The media format provided does not match the detected media format.' });
    transcribe.on(GetTranscriptionJobCommand).resolves({ TranscriptionJob: { TranscriptionJobStatus: 'COMPLETED' } });
    expect(await engine({ [`${TRANSCRIPT_PREFIX}meld-4.json`]: transcriptJson('') }).check('meld-4')).toEqual({ state: 'failed', reason: NO_SPEECH });
  });
});
