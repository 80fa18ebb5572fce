import { GetTranscriptionJobCommand, StartTranscriptionJobCommand, TranscribeClient } from '@aws-sdk/client-transcribe';
import { MENTOR_INTERVIEW_LIMITS, MENTOR_INTERVIEW_MESSAGES } from '@meld/shared';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { TRANSCRIPT_PREFIX, transcribeTranscriber } from '../../providers/speech/transcribe-transcriber.ts';
import { TranscriptionError, type Transcriber } from '../../providers/speech/types.ts';
import type { BucketObjects } from '../../store/blobs.ts';
import type { StoredMentorResponse } from '../../store/mentor-interview-store.ts';
import { DomainError } from '../errors.ts';
import { refreshTranscription, retryTranscription, saveAudioAnswer, type AudioAnswerDeps } from './audio-answer.ts';

const transcribe = mockClient(TranscribeClient);
afterEach(() => transcribe.reset());

const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);
const ogg = new Uint8Array([...Buffer.from('OggS'), 0, 2, 0, 0]);
const mp4 = new Uint8Array([0, 0, 0, 0x18, ...Buffer.from('ftypisom')]);
const now = new Date('2026-11-22T10:00:00.000Z');
const later = new Date('2026-11-22T10:00:05.000Z');

function stage(overrides: Partial<StoredMentorResponse> = {}): StoredMentorResponse {
  return {
    mentorId: 'm1',
    stage: 2,
    question: 'What decision changed your course?',
    preamble: '',
    questionSource: 'question-bank',
    responseText: '',
    status: 'asked',
    durationMs: null,
    audioKey: null,
    audioMimeType: null,
    transcriptionJob: null,
    transcriptionError: null,
    rejectionReason: null,
    rejectedQuestions: [],
    createdAt: '2026-11-22T09:00:00.000Z',
    updatedAt: '2026-11-22T09:00:00.000Z',
    ...overrides,
  };
}

/** The interview's collaborators in memory: one stage item, the audio bucket's objects and Transcribe's transcripts. */
/** `start` null: the stage has no item yet. */
function world(transcriber: Transcriber | null | 'transcribe', start: StoredMentorResponse | null = stage()) {
  const objects = new Map<string, { bytes: Uint8Array; type: string }>();
  const transcripts = new Map<string, string>();
  const limited: string[] = [];
  const speechErrors: unknown[] = [];
  let item = start ?? undefined;
  const bucket = { uri: (key: string) => `s3://meld-audio/${key}`, getText: (key: string) => Promise.resolve(transcripts.get(key) ?? '') } as BucketObjects;
  const deps: AudioAnswerDeps = {
    transcriber: transcriber === 'transcribe' ? transcribeTranscriber({ region: 'eu-west-1', bucket, bucketName: 'meld-audio' }) : transcriber,
    audio: {
      putBytes: (key, bytes, type) => Promise.resolve(void objects.set(key, { bytes, type })),
      getBytes: (key) => (objects.has(key) ? Promise.resolve(objects.get(key)!.bytes) : Promise.reject(new Error('S3 GET failed with 404'))),
      delete: (keys) => Promise.resolve(keys.forEach((key) => objects.delete(key))),
    },
    updateMentorResponse: (mentorId, stageNumber, change) => {
      if (!item || item.mentorId !== mentorId || item.stage !== stageNumber) return Promise.resolve(undefined);
      item = change(item) ?? item;
      return Promise.resolve(item);
    },
    limit: (mentorId) => Promise.resolve(void limited.push(mentorId)),
    onSpeechError: (error) => speechErrors.push(error),
  };
  return { deps, objects, transcripts, limited, speechErrors, item: () => item! };
}

const instant = (text: string | (() => string)): Transcriber => ({
  engine: 'openai',
  start: () => Promise.resolve({ state: 'done', text: typeof text === 'function' ? text() : text }),
  check: () => Promise.resolve({ state: 'failed', reason: 'no jobs' }),
});

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('a recorded answer', () => {
  it('is stored under the mentor and stage, transcribed at once by an engine that answers at once', async () => {
    const { deps, objects, limited, item } = world(instant('I left the bank to teach.'));
    const result = await saveAudioAnswer('m1', 2, { data: webm, durationMs: '42000' }, deps, now);
    expect(result).toEqual({ success: true, response_text: 'I left the bank to teach.', status: 'transcribed' });
    expect([...objects.keys()]).toEqual([expect.stringMatching(/^mentor-interviews\/m1\/stage-2\/[0-9a-f-]{36}\.webm$/) as string]);
    expect(item()).toMatchObject({ status: 'transcribed', durationMs: 42000, audioKey: [...objects.keys()][0], audioMimeType: 'audio/webm', updatedAt: now.toISOString() });
    expect(limited).toEqual(['m1']);
  });

  it('takes Ogg and MP4 audio by their first bytes, whatever the browser called them', async () => {
    const { deps, objects } = world(instant('words'));
    await saveAudioAnswer('m1', 2, { data: ogg, durationMs: '1' }, deps, now);
    expect([...objects.values()].map((object) => object.type)).toEqual(['audio/ogg']);
    await saveAudioAnswer('m1', 2, { data: mp4, durationMs: '1' }, deps, later);
    expect([...objects.values()].map((object) => object.type)).toEqual(['audio/mp4']);
  });

  it('refuses empty audio, audio that is not WebM, Ogg or MP4, and a duration that is not a whole number in range, storing nothing', async () => {
    const { deps, objects, limited } = world(instant('words'));
    const cases = [
      [{ data: new Uint8Array(0), durationMs: '10' }, 'audio', /empty/],
      [{ data: new Uint8Array(Buffer.from('RIFF....WAVEfmt ')), durationMs: '10' }, 'audio', /WebM, Ogg or MP4/],
      [{ data: webm, durationMs: undefined }, 'duration_ms', /whole number/],
      [{ data: webm, durationMs: '12.5' }, 'duration_ms', /whole number/],
      [{ data: webm, durationMs: '-1' }, 'duration_ms', /whole number/],
      [{ data: webm, durationMs: String(MENTOR_INTERVIEW_LIMITS.recordingMaxMs + 1) }, 'duration_ms', /from 0 to 600000/],
    ] as const;
    for (const [upload, field, message] of cases) {
      const error = await refusal(saveAudioAnswer('m1', 2, upload, deps, now));
      expect([error.kind, error.field]).toEqual(['invalid', field]);
      expect(error.message).toMatch(message);
    }
    expect(objects.size).toBe(0);
    expect(limited).toEqual([]);
  });

  it('is refused with the clear message when no speech engine is configured, and nothing is stored', async () => {
    const { deps, objects, item } = world(null);
    const error = await refusal(saveAudioAnswer('m1', 2, { data: webm, durationMs: '1000' }, deps, now));
    expect([error.kind, error.message]).toEqual(['conflict', MENTOR_INTERVIEW_MESSAGES.transcriptionUnavailable]);
    expect(objects.size).toBe(0);
    expect(item().status).toBe('asked');
  });

  it('replaces the previous recording, whose object is deleted', async () => {
    const { deps, objects, item } = world(instant('first try'));
    await saveAudioAnswer('m1', 2, { data: webm, durationMs: '1000' }, deps, now);
    const first = item().audioKey;
    await saveAudioAnswer('m1', 2, { data: ogg, durationMs: '2000' }, deps, later);
    expect([...objects.keys()]).toEqual([item().audioKey]);
    expect(item().audioKey).not.toBe(first);
    expect(item().durationMs).toBe(2000);
  });

  it('keeps the recording and reports the failure when the engine refuses, without a server error', async () => {
    const refusing: Transcriber = { ...instant(''), start: () => Promise.reject(new TranscriptionError('The speech engine is busy. Please try again in a moment.')) };
    const { deps, objects, item, speechErrors } = world(refusing);
    const result = await saveAudioAnswer('m1', 2, { data: webm, durationMs: '1000' }, deps, now);
    expect(result).toEqual({ success: false, response_text: '', status: 'transcription_failed', error: 'The speech engine is busy. Please try again in a moment.' });
    expect(item()).toMatchObject({ status: 'transcription_failed', transcriptionError: 'The speech engine is busy. Please try again in a moment.' });
    expect(objects.has(item().audioKey!)).toBe(true);
    expect(speechErrors).toEqual([]);
  });

  it('logs an engine fault that is not a refusal and still answers with a failed transcription', async () => {
    const broken: Transcriber = { ...instant(''), start: () => Promise.reject(new TypeError('fetch failed')) };
    const { deps, speechErrors } = world(broken);
    expect(await saveAudioAnswer('m1', 2, { data: webm, durationMs: '1000' }, deps, now)).toMatchObject({ success: false, status: 'transcription_failed', error: 'The speech engine failed. Please try again.' });
    expect(speechErrors).toHaveLength(1);
  });

  it('answers 404 and leaves no object behind for a stage whose question was never opened', async () => {
    const { deps, objects } = world(instant('words'), null);
    expect((await refusal(saveAudioAnswer('m1', 2, { data: webm, durationMs: '1000' }, deps, now))).kind).toBe('not-found');
    expect(objects.size).toBe(0);
  });
});

describe('a failed transcription retried', () => {
  it('transcribes the kept recording again once the engine works', async () => {
    let working = false;
    const flaky: Transcriber = {
      ...instant(''),
      start: async (audio) => {
        if (!working) throw new TranscriptionError('The speech engine failed (500). Please try again.');
        return { state: 'done', text: `heard ${(await audio.read()).length} bytes` };
      },
    };
    const { deps, item, limited } = world(flaky);
    await saveAudioAnswer('m1', 2, { data: webm, durationMs: '1000' }, deps, now);
    working = true;
    expect(await retryTranscription('m1', item(), deps, later)).toEqual({ success: true, response_text: `heard ${webm.length} bytes`, status: 'transcribed' });
    expect(limited).toEqual(['m1', 'm1']);
  });

  it('answers a transcription already done as it stands, and refuses a stage with no recording or an approved one', async () => {
    const { deps } = world(instant('again'));
    expect(await retryTranscription('m1', stage({ status: 'transcribed', audioKey: 'k.webm', responseText: 'kept' }), deps, now)).toEqual({ success: true, response_text: 'kept', status: 'transcribed' });
    expect((await refusal(retryTranscription('m1', stage({ status: 'draft', responseText: 'typed' }), deps, now))).message).toMatch(/no recording/);
    expect((await refusal(retryTranscription('m1', stage({ status: 'submitted', audioKey: 'k.webm', responseText: 'x' }), deps, now))).kind).toBe('conflict');
  });

  it('is refused with the clear message when no engine is configured any more', async () => {
    const { deps } = world(null, stage({ status: 'transcription_failed', audioKey: 'k.webm', transcriptionError: 'x' }));
    expect((await refusal(retryTranscription('m1', stage({ status: 'transcription_failed', audioKey: 'k.webm' }), deps, now))).message).toBe(MENTOR_INTERVIEW_MESSAGES.transcriptionUnavailable);
  });
});

describe('an Amazon Transcribe job', () => {
  it('leaves the stage transcribing until the job completes, then writes its text', async () => {
    transcribe.on(StartTranscriptionJobCommand).resolves({});
    const { deps, transcripts, item } = world('transcribe');
    expect(await saveAudioAnswer('m1', 2, { data: webm, durationMs: '3000' }, deps, now)).toEqual({ success: true, response_text: '', status: 'transcribing' });
    const job = item().transcriptionJob!;
    expect(transcribe.commandCalls(StartTranscriptionJobCommand)[0]?.args[0].input.Media).toEqual({ MediaFileUri: `s3://meld-audio/${item().audioKey}` });

    transcribe.on(GetTranscriptionJobCommand).resolvesOnce({ TranscriptionJob: { TranscriptionJobStatus: 'IN_PROGRESS' } });
    expect((await refreshTranscription(item(), deps, later)).status).toBe('transcribing');

    transcripts.set(`${TRANSCRIPT_PREFIX}${job}.json`, JSON.stringify({ results: { transcripts: [{ transcript: 'Advice to my younger self: ask.' }] } }));
    transcribe.on(GetTranscriptionJobCommand).resolves({ TranscriptionJob: { TranscriptionJobStatus: 'COMPLETED' } });
    expect(await refreshTranscription(item(), deps, later)).toMatchObject({ status: 'transcribed', responseText: 'Advice to my younger self: ask.', transcriptionJob: null });
    expect(item().status).toBe('transcribed');
  });

  it('marks a failed job transcription_failed with Transcribe’s reason, the recording kept for a retry', async () => {
    transcribe.on(StartTranscriptionJobCommand).resolves({});
    transcribe.on(GetTranscriptionJobCommand).resolves({ TranscriptionJob: { TranscriptionJobStatus: 'FAILED', FailureReason: 'Unsupported audio.' } });
    const { deps, objects, item } = world('transcribe');
    await saveAudioAnswer('m1', 2, { data: webm, durationMs: '3000' }, deps, now);
    await refreshTranscription(item(), deps, later);
    expect(item()).toMatchObject({ status: 'transcription_failed', transcriptionError: 'Amazon Transcribe could not transcribe the recording: Unsupported audio.' });
    expect(objects.has(item().audioKey!)).toBe(true);
    expect(await retryTranscription('m1', item(), deps, later)).toEqual({ success: true, response_text: '', status: 'transcribing' });
    expect(transcribe.commandCalls(StartTranscriptionJobCommand)).toHaveLength(2);
  });

  it('keeps polling later when Transcribe cannot be asked, and ignores a job a newer recording replaced', async () => {
    transcribe.on(StartTranscriptionJobCommand).resolves({});
    const { deps, item, speechErrors } = world('transcribe');
    await saveAudioAnswer('m1', 2, { data: webm, durationMs: '3000' }, deps, now);
    const stale = item();
    transcribe.on(GetTranscriptionJobCommand).rejectsOnce(new Error('socket hang up'));
    expect(await refreshTranscription(stale, deps, later)).toBe(stale);
    expect(speechErrors).toHaveLength(1);

    await saveAudioAnswer('m1', 2, { data: webm, durationMs: '4000' }, deps, later);
    transcribe.on(GetTranscriptionJobCommand).resolves({ TranscriptionJob: { TranscriptionJobStatus: 'FAILED', FailureReason: 'old job' } });
    await refreshTranscription(stale, deps, later);
    expect(item()).toMatchObject({ status: 'transcribing', durationMs: 4000 });
  });
});
