import { GetTranscriptionJobCommand, StartTranscriptionJobCommand, TranscribeClient } from '@aws-sdk/client-transcribe';
import type { Fragment } from '@meld/shared';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, describe, expect, it } from 'vitest';
import { VOICE_NOTE_MESSAGES } from '../../domain/fragments/voice-note.ts';
import { startFakeOpenAI, type FakeOpenAIOptions } from '../../providers/llm/__fakes__/openai-server.ts';
import { TRANSCRIPT_PREFIX } from '../../providers/speech/transcribe-transcriber.ts';
import { bucketObjects } from '../../store/blobs.ts';
import { dbCalls, indexesSettled, registerMember, useApi, type ApiClient } from '../api-test-kit.ts';

const MAX_AUDIO_BYTES = 64 * 1024;
const fakeOptions: FakeOpenAIOptions = { transcript: (upload) => `Remember to thank Ana for the ${upload.bytes.length} byte review` };
const fake = await startFakeOpenAI(fakeOptions);
afterAll(() => fake.close());

/** A WebM (EBML) recording of `size` bytes, as MediaRecorder makes. */
const webm = (size = 2048) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(size - 4, 7)]);

async function voiceForm(audio: Buffer, durationMs: string | null = '42000') {
  const form = new FormData();
  form.set('audio', new Blob([audio], { type: 'audio/webm;codecs=opus' }), 'note.webm');
  if (durationMs !== null) form.set('duration_ms', durationMs);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

type Answer<T> = { status: number; headers: Headers; json: T & { message?: string; field?: string } };

async function speaker(client: ApiClient) {
  const { token, response } = await registerMember(client);
  const userId = (response.json as { user: { id: string } }).user.id;
  const authorization = `Bearer ${token}`;
  return {
    call: <T>(method: string, path: string): Promise<Answer<T>> => client.request(method, path, { headers: { authorization } }),
    record: async (audio: Buffer, durationMs?: string | null): Promise<Answer<Fragment>> => {
      const form = await voiceForm(audio, durationMs);
      return client.request('POST', '/api/fragments/voice', { body: form.body, headers: { ...form.headers, authorization } });
    },
    recordings: () => bucketObjects('audio').listKeys(`voice-notes/${userId}/`),
  };
}

describe('voice notes with an OpenAI-compatible speech engine', () => {
  const api = useApi({ config: { speech: { stt: { engine: 'openai', baseURL: `${fake.url}/v1`, apiKey: 'sk-test-stt', model: 'whisper-1' } }, fragments: { maxAudioBytes: MAX_AUDIO_BYTES } } });

  it('keeps the recording under the user and captures its transcript as a voice fragment', async () => {
    const me = await speaker(api().client());
    const saved = await me.record(webm(4000));
    expect(saved.status).toBe(201);
    // The ban check, the limit's hit and the fragment's write.
    expect(dbCalls(saved)).toBe(4);
    expect(saved.json).toMatchObject({ content: 'Remember to thank Ana for the 4000 byte review', source: 'voice', type: 'general', wordCount: 9, tags: [] });
    expect(saved.json).not.toHaveProperty('audioKey');
    // The inbox reads an index, which in AWS has a capture within a second.
    await indexesSettled();
    expect((await me.call<{ fragments: Fragment[] }>('GET', '/api/fragments')).json.fragments).toEqual([saved.json]);
    const [key] = await me.recordings();
    expect(Buffer.from(await bucketObjects('audio').getBytes(key!))).toEqual(webm(4000));
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer sk-test-stt');
  });

  it('deletes the recording with its fragment', async () => {
    const me = await speaker(api().client());
    const saved = await me.record(webm());
    expect(await me.recordings()).toHaveLength(1);
    expect((await me.call('DELETE', `/api/fragments/${saved.json.id}`)).status).toBe(200);
    expect(await me.recordings()).toEqual([]);
  });

  it('refuses a note over 90 seconds, empty or foreign audio and a missing duration, naming the field and storing nothing', async () => {
    const me = await speaker(api().client());
    const cases = [
      [webm(), '90001', 'duration_ms'],
      [webm(), null, 'duration_ms'],
      [Buffer.alloc(0), '1000', 'audio'],
      [Buffer.from('<html>not a recording</html>'), '1000', 'audio'],
    ] as const;
    for (const [audio, duration, field] of cases) {
      const refused = await me.record(audio, duration);
      expect([refused.status, refused.json.field]).toEqual([400, field]);
    }
    expect((await me.record(webm(MAX_AUDIO_BYTES + 1))).status).toBe(413);
    expect(await me.recordings()).toEqual([]);
    expect((await me.record(webm(), '90000')).status).toBe(201);
  });

  it('says clearly when the engine fails, keeping the recording and capturing nothing', async () => {
    const me = await speaker(api().client());
    fakeOptions.transcriptionStatus = 500;
    try {
      const failed = await me.record(webm());
      expect(failed.status).toBe(422);
      expect(failed.json.message).toMatch(/speech engine failed/i);
    } finally {
      delete fakeOptions.transcriptionStatus;
    }
    expect(await me.recordings()).toHaveLength(1);
    expect((await me.call<{ fragments: Fragment[] }>('GET', '/api/fragments')).json.fragments).toEqual([]);
  });
});

describe('voice notes without a speech engine', () => {
  const api = useApi();

  it('refuses with a message the browser can show, storing nothing', async () => {
    const me = await speaker(api().client());
    const refused = await me.record(webm());
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(VOICE_NOTE_MESSAGES.unavailable);
    expect(await me.recordings()).toEqual([]);
  });
});

describe('voice notes with Amazon Transcribe', () => {
  const api = useApi({ config: { speech: { stt: { engine: 'transcribe', languageCode: 'en-US' } } } });
  const transcribe = mockClient(TranscribeClient);
  afterAll(() => transcribe.restore());

  it('waits for the job within the request and captures its transcript', async () => {
    transcribe.on(StartTranscriptionJobCommand).callsFake(async (input: { TranscriptionJobName: string }) => {
      // Transcribe writes its transcript to the audio bucket, then reports the job completed.
      const transcript = JSON.stringify({ results: { transcripts: [{ transcript: 'Schedule a walk with the team' }] } });
      await bucketObjects('audio').putText(`${TRANSCRIPT_PREFIX}${input.TranscriptionJobName}.json`, transcript);
      return {};
    });
    transcribe.on(GetTranscriptionJobCommand).resolvesOnce({ TranscriptionJob: { TranscriptionJobStatus: 'IN_PROGRESS' } }).resolves({ TranscriptionJob: { TranscriptionJobStatus: 'COMPLETED' } });
    const me = await speaker(api().client());
    const saved = await me.record(webm());
    expect(saved.status).toBe(201);
    expect(saved.json).toMatchObject({ content: 'Schedule a walk with the team', type: 'todo', source: 'voice' });
    expect(transcribe.commandCalls(GetTranscriptionJobCommand)).toHaveLength(2);
  });
});
