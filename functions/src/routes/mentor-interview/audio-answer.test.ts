import { GetTranscriptionJobCommand, StartTranscriptionJobCommand, TranscribeClient } from '@aws-sdk/client-transcribe';
import { MENTOR_INTERVIEW_MESSAGES, type MentorResponse, type SaveMentorResponseResult } from '@meld/shared';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIOptions } from '../../providers/llm/__fakes__/openai-server.ts';
import { TRANSCRIPT_PREFIX } from '../../providers/speech/transcribe-transcriber.ts';
import { bucketObjects } from '../../store/blobs.ts';
import { dbCalls, useApi, type ApiClient } from '../api-test-kit.ts';
import { invitedMentor, signUpAdmin, type Answer } from './interview-test-kit.ts';

const MAX_AUDIO_BYTES = 64 * 1024;
const fakeOptions: FakeOpenAIOptions = { transcript: (upload) => `I spoke for ${upload.bytes.length} bytes, recorded as ${upload.mimeType}.` };
const fake = await startFakeOpenAI(fakeOptions);
afterAll(() => fake.close());

/** A WebM (EBML) recording of `size` bytes, as MediaRecorder makes. */
const webm = (size = 2048) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(size - 4, 7)]);

/** The multipart body the browser's FormData sends: `audio` and `duration_ms`. */
async function recordingForm(audio: Buffer, durationMs: string | null = '12000', type = 'audio/webm;codecs=opus') {
  const form = new FormData();
  form.set('audio', new Blob([audio], { type }), 'recording.webm');
  if (durationMs !== null) form.set('duration_ms', durationMs);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

async function invited(client: ApiClient) {
  const mentor = await invitedMentor(client, await signUpAdmin(client));
  const path = (suffix: string) => `/api/mentor-interview/${mentor.token}${suffix}`;
  return {
    ...mentor,
    record: async (stage: number, audio: Buffer, durationMs?: string | null, type?: string): Promise<Answer<SaveMentorResponseResult>> =>
      client.request('POST', path(`/response/${stage}`), await recordingForm(audio, durationMs, type)),
    retry: (stage: number): Promise<Answer<SaveMentorResponseResult>> => client.request('POST', path(`/response/${stage}/transcription`)),
    stage: (stage: number): Promise<Answer<MentorResponse>> => client.request('GET', path(`/response/${stage}`)),
    recordings: () => bucketObjects('audio').listKeys(`mentor-interviews/${mentor.id}/`),
  };
}

describe('recorded answers with an OpenAI-compatible speech engine', () => {
  const api = useApi({ config: { speech: { stt: { engine: 'openai', baseURL: `${fake.url}/v1`, apiKey: 'sk-test-stt', model: 'whisper-1' } }, mentorInterview: { maxAudioBytes: MAX_AUDIO_BYTES } } });

  beforeAll(() => {
    delete fakeOptions.transcriptionStatus;
  });

  it('tell the mentor transcription is available and how large a recording may be', async () => {
    const mentor = await invited(api().client());
    expect((await mentor.profile()).json).toMatchObject({ transcriptionAvailable: true, maxAudioBytes: MAX_AUDIO_BYTES });
    expect((await mentor.intro()).json.introduction).toContain('Answer each one by voice or in writing');
  });

  it('store the recording and answer with its transcription, which the stage then shows', async () => {
    const mentor = await invited(api().client());
    await mentor.response(1);
    const saved = await mentor.record(1, webm(4000));
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ success: true, response_text: 'I spoke for 4000 bytes, recorded as audio/webm.', status: 'transcribed' });
    // Open (token, partition), the ban check and the limit's hit, the stage's read and conditional write.
    expect(dbCalls(saved)).toBe(6);
    expect((await mentor.stage(1)).json).toMatchObject({ status: 'transcribed', response_text: saved.json.response_text, has_audio: true, duration_ms: 12000, transcription_error: null });
    const keys = await mentor.recordings();
    expect(keys).toEqual([expect.stringMatching(new RegExp(`^mentor-interviews/${mentor.id}/stage-1/[0-9a-f-]{36}\\.webm$`)) as string]);
    expect(Buffer.from(await bucketObjects('audio').getBytes(keys[0]!))).toEqual(webm(4000));
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer sk-test-stt');
  });

  it('let the mentor edit the transcription and approve it', async () => {
    const mentor = await invited(api().client());
    await mentor.response(1);
    await mentor.record(1, webm());
    expect((await mentor.save(1, { response_text: 'What I meant to say.' })).json).toMatchObject({ status: 'transcribed', response_text: 'What I meant to say.' });
    expect((await mentor.save(1, { response_text: 'What I meant to say.', status: 'submitted' })).json).toMatchObject({ success: true, status: 'submitted' });
    expect((await mentor.stage(1)).json).toMatchObject({ status: 'submitted', has_audio: true });
  });

  it('lose nothing when transcription fails: the audio stays, and a retry transcribes it once the engine works', async () => {
    const mentor = await invited(api().client());
    await mentor.response(2);
    fakeOptions.transcriptionStatus = 500;
    const failed = await mentor.record(2, webm(3000));
    expect(failed.status).toBe(200);
    expect(failed.json).toEqual({ success: false, response_text: '', status: 'transcription_failed', error: 'The speech engine failed (500). Please try again.' });
    expect((await mentor.stage(2)).json).toMatchObject({ status: 'transcription_failed', has_audio: true, transcription_error: 'The speech engine failed (500). Please try again.' });
    const kept = await mentor.recordings();
    expect(kept).toHaveLength(1);

    const stillFailing = await mentor.retry(2);
    expect(stillFailing.json).toMatchObject({ success: false, status: 'transcription_failed' });
    expect(dbCalls(stillFailing)).toBe(6);
    delete fakeOptions.transcriptionStatus;
    expect((await mentor.retry(2)).json).toEqual({ success: true, response_text: 'I spoke for 3000 bytes, recorded as audio/webm.', status: 'transcribed' });
    expect((await mentor.stage(2)).json).toMatchObject({ status: 'transcribed', transcription_error: null });
    expect(await mentor.recordings()).toEqual(kept);
  });

  it('start a different question with a clean answer, leaving a failed recording behind', async () => {
    const mentor = await invited(api().client());
    await mentor.response(2);
    fakeOptions.transcriptionStatus = 500;
    await mentor.record(2, webm(1200));
    delete fakeOptions.transcriptionStatus;
    await mentor.save(2, { response_text: '', status: 'rejected', rejection_reason: 'Not for me' });
    expect((await mentor.question({ previous_stage_id: 1, answer_text: '', force_regenerate: true })).status).toBe(200);
    expect((await mentor.stage(2)).json).toMatchObject({ status: 'asked', has_audio: false, duration_ms: null, transcription_error: null, response_text: '' });
  });

  it('replace the previous recording with a new one', async () => {
    const mentor = await invited(api().client());
    await mentor.response(3);
    await mentor.record(3, webm(1000));
    const [first] = await mentor.recordings();
    expect((await mentor.record(3, webm(1500), '9000')).json.response_text).toContain('1500 bytes');
    const after = await mentor.recordings();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(first);
    expect((await mentor.stage(3)).json.duration_ms).toBe(9000);
  });

  it('refuse audio over the configured size limit with 413, storing nothing', async () => {
    const mentor = await invited(api().client());
    await mentor.response(1);
    const refused = await mentor.record(1, webm(MAX_AUDIO_BYTES + 1));
    expect(refused.status).toBe(413);
    expect(await mentor.recordings()).toEqual([]);
    expect((await mentor.stage(1)).json).toMatchObject({ status: 'asked', has_audio: false });
    expect((await mentor.record(1, webm(MAX_AUDIO_BYTES))).status).toBe(200);
  });

  it('refuse empty audio, audio that is not WebM, Ogg or MP4, and a missing or impossible duration, naming the field', async () => {
    const mentor = await invited(api().client());
    await mentor.response(1);
    const cases = [
      [Buffer.alloc(0), '1000', 'audio'],
      [Buffer.from('<html>not a recording</html>'), '1000', 'audio'],
      [webm(), null, 'duration_ms'],
      [webm(), 'ten seconds', 'duration_ms'],
      [webm(), String(11 * 60_000), 'duration_ms'],
    ] as const;
    for (const [audio, duration, field] of cases) {
      const refused = await mentor.record(1, audio, duration);
      expect([refused.status, refused.json.field]).toEqual([400, field]);
    }
    const noFile = await api().client().request('POST', `/api/mentor-interview/${mentor.token}/response/1`, { body: 'duration_ms=1', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(noFile.status).toBe(400);
    expect(await mentor.recordings()).toEqual([]);
  });

  it('refuse a retry for an answer that has no recording', async () => {
    const mentor = await invited(api().client());
    await mentor.save(4, { response_text: 'Typed, not spoken.' });
    expect((await mentor.retry(4)).status).toBe(409);
  });
});

describe('recorded answers without a speech engine', () => {
  const api = useApi();

  it('tell the mentor transcription is unavailable, and refuse a recording with the clear message, storing nothing', async () => {
    const mentor = await invited(api().client());
    expect((await mentor.profile()).json.transcriptionAvailable).toBe(false);
    // The introduction offers writing only.
    const { introduction } = (await mentor.intro()).json;
    expect(introduction).toContain('Answer each one in writing');
    expect(introduction).not.toMatch(/voice|record/i);
    await mentor.response(1);
    const refused = await mentor.record(1, webm());
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(MENTOR_INTERVIEW_MESSAGES.transcriptionUnavailable);
    expect(await mentor.recordings()).toEqual([]);
    expect((await mentor.stage(1)).json.status).toBe('asked');
  });
});

describe('recorded answers with Amazon Transcribe', () => {
  const api = useApi({ config: { speech: { stt: { engine: 'transcribe', languageCode: 'en-US' } } } });
  const transcribe = mockClient(TranscribeClient);
  afterAll(() => transcribe.restore());

  it('start a job on upload, and the stage’s GET the browser polls moves the answer to transcribed when it is done', async () => {
    transcribe.on(StartTranscriptionJobCommand).resolves({});
    transcribe.on(GetTranscriptionJobCommand).resolves({ TranscriptionJob: { TranscriptionJobStatus: 'IN_PROGRESS' } });
    const mentor = await invited(api().client());
    await mentor.response(5);
    expect((await mentor.record(5, webm())).json).toEqual({ success: true, response_text: '', status: 'transcribing' });
    const [key] = await mentor.recordings();
    const started = transcribe.commandCalls(StartTranscriptionJobCommand)[0]!.args[0].input;
    expect(started.Media?.MediaFileUri).toBe(bucketObjects('audio').uri(key!));
    const polled = await mentor.stage(5);
    expect(polled.json).toMatchObject({ status: 'transcribing', has_audio: true });
    // A running job costs the poll no write.
    expect(dbCalls(polled)).toBe(2);

    // Transcribe writes its transcript to the audio bucket, then reports the job completed.
    await bucketObjects('audio').putText(`${TRANSCRIPT_PREFIX}${started.TranscriptionJobName}.json`, JSON.stringify({ results: { transcripts: [{ transcript: 'Ask for help sooner.' }] } }));
    transcribe.on(GetTranscriptionJobCommand).resolves({ TranscriptionJob: { TranscriptionJobStatus: 'COMPLETED' } });
    const done = await mentor.stage(5);
    expect(done.json).toMatchObject({ status: 'transcribed', response_text: 'Ask for help sooner.' });
    expect(dbCalls(done)).toBe(4);
    expect(transcribe.commandCalls(GetTranscriptionJobCommand).every((call) => call.args[0].input.TranscriptionJobName === started.TranscriptionJobName)).toBe(true);
  });

  it('take a recording of the default 4 MB through the gateway, and refuse one byte more', async () => {
    transcribe.on(StartTranscriptionJobCommand).resolves({});
    const mentor = await invited(api().client());
    await mentor.response(6);
    expect((await mentor.profile()).json.maxAudioBytes).toBe(4 * 1024 * 1024);
    expect((await mentor.record(6, webm(4 * 1024 * 1024))).json).toMatchObject({ success: true, status: 'transcribing' });
    const refused = await mentor.record(6, webm(4 * 1024 * 1024 + 1));
    expect([refused.status, refused.json.message]).toEqual([413, 'Files must be at most 4 MB.']);
  });
});
