import { createHash } from 'node:crypto';
import { GetTranscriptionJobCommand, StartTranscriptionJobCommand, TranscribeClient } from '@aws-sdk/client-transcribe';
import { OPENAI_VOICES } from '../../providers/speech/openai-synthesizer.ts';
import { TEXT_TO_SPEECH_LIMITS, type SpeechVoicesResponse } from '@meld/shared';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, describe, expect, it } from 'vitest';
import { SPEECH_TO_TEXT_MESSAGES } from '../../domain/speech/speech-to-text.ts';
import { TEXT_TO_SPEECH_MESSAGES } from '../../domain/speech/text-to-speech.ts';
import { fakeSpeech, startFakeOpenAI, type FakeOpenAIOptions } from '../../providers/llm/__fakes__/openai-server.ts';
import { startFakePolly } from '../../providers/speech/__fakes__/polly-server.ts';
import { TRANSCRIPT_PREFIX } from '../../providers/speech/transcribe-transcriber.ts';
import { bucketObjects } from '../../store/blobs.ts';
import { listViolations } from '../../store/violation-store.ts';
import { dbCalls, inOneRateWindow, registerMember, useApi, type Api } from '../api-test-kit.ts';

const MAX_AUDIO_BYTES = 64 * 1024;
const openAIOptions: FakeOpenAIOptions = { transcript: (upload) => `Heard ${upload.bytes.length} bytes of ${upload.mimeType}${upload.language ? ` in ${upload.language}` : ''}` };
const openAI = await startFakeOpenAI(openAIOptions);
const polly = await startFakePolly();
afterAll(() => Promise.all([openAI.close(), polly.close()]));

const webm = (size = 2048) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(size - 4, 7)]);

type Answer<T = Record<string, unknown>> = { status: number; headers: Headers; json: T & { message?: string; field?: string; code?: string } };

/** A new member calling the speech routes as the browser does. */
async function listener(api: Api) {
  const client = api.client();
  const { token, response } = await registerMember(client);
  const userId = (response.json as { user: { id: string } }).user.id;
  const authorization = `Bearer ${token}`;
  return {
    userId,
    get: <T>(path: string): Promise<Answer<T>> => client.request('GET', path, { headers: { authorization } }),
    /** Multipart `audio`, as the composer's recorder sends it. */
    dictate: async (audio: Buffer, type = 'audio/webm;codecs=opus', language?: string): Promise<Answer<{ text: string }>> => {
      const form = new FormData();
      form.set('audio', new Blob([audio], { type }), 'dictation.webm');
      if (language) form.set('language', language);
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const body = new Uint8Array(await request.arrayBuffer());
      return client.request('POST', '/api/files/speech/stt', { body, headers: { 'content-type': request.headers.get('content-type')!, authorization } });
    },
    /** The streaming route: the token in X-Meld-Authorization and the body's SHA-256, as behind CloudFront. */
    speak: async (body: unknown) => {
      const payload = JSON.stringify(body);
      const answer = await fetch(`${api.baseUrl}/api/files/speech/tts/manual`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-meld-authorization': authorization, 'x-amz-content-sha256': createHash('sha256').update(payload).digest('hex') },
        body: payload,
      });
      const bytes = Buffer.from(await answer.arrayBuffer());
      const isJson = (answer.headers.get('content-type') ?? '').includes('json');
      return { status: answer.status, headers: answer.headers, bytes, json: (isJson ? JSON.parse(bytes.toString()) : {}) as { message?: string; field?: string } };
    },
  };
}

describe('speech with OpenAI-compatible engines', () => {
  const api = useApi({
    config: {
      speech: {
        stt: { engine: 'openai', baseURL: `${openAI.url}/v1`, apiKey: 'sk-stt', model: 'whisper-1' },
        tts: { engine: 'openai', baseURL: `${openAI.url}/v1`, apiKey: 'sk-tts', voice: 'nova' },
        maxAudioBytes: MAX_AUDIO_BYTES,
      },
      // Hour-long fixed windows: a minute's could turn over between a test's requests on a busy machine.
      rateLimits: { tts: { max: 3, windowMinutes: 60 }, stt: { max: 3, windowMinutes: 60 } },
    },
  });

  it('tells the browser both server engines are there', async () => {
    const me = await listener(api());
    const config = await me.get('/api/files/speech/config/get');
    expect([config.status, config.json]).toEqual([200, { sttExternal: true, ttsExternal: true }]);
    expect(dbCalls(config)).toBe(1);
  });

  it('turns a recording into text and keeps none of it', async () => {
    const me = await listener(api());
    const heard = await me.dictate(webm(3000));
    expect([heard.status, heard.json]).toEqual([200, { text: 'Heard 3000 bytes of audio/webm' }]);
    // The ban check and the two limits' hits.
    expect(dbCalls(heard)).toBe(4);
    expect(openAI.requests.at(-1)?.headers.authorization).toBe('Bearer sk-stt');
    expect(await bucketObjects('audio').listKeys(`speech/${me.userId}/`)).toEqual([]);
  });

  it('passes the language the member chose to the engine, and refuses one that is no locale', async () => {
    const me = await listener(api());
    const heard = await me.dictate(webm(1000), undefined, 'fr-FR');
    expect([heard.status, heard.json]).toEqual([200, { text: 'Heard 1000 bytes of audio/webm in fr' }]);
    const odd = await me.dictate(webm(1000), undefined, 'french please');
    expect([odd.status, odd.json.field]).toEqual([400, 'language']);
  });

  it('refuses foreign, empty and oversize recordings', async () => {
    const me = await listener(api());
    const foreign = await me.dictate(Buffer.from('<html>not audio</html>'));
    expect([foreign.status, foreign.json.field, foreign.json.message]).toEqual([400, 'audio', 'The recording must be WebM, Ogg, MP4 or WAV audio.']);
    expect((await me.dictate(Buffer.alloc(0))).status).toBe(400);
    expect((await me.dictate(webm(MAX_AUDIO_BYTES + 1))).status).toBe(413);
  });

  it('speaks the text as MP3 with the voice asked for, or the configured one', async () => {
    const me = await listener(api());
    const spoken = await me.speak({ input: 'You kept your promise to yourself today.', voice: 'onyx' });
    expect(spoken.status).toBe(200);
    expect(spoken.headers.get('content-type')).toBe('audio/mpeg');
    expect(spoken.bytes).toEqual(fakeSpeech('onyx', 'You kept your promise to yourself today.'));
    expect(openAI.requests.at(-1)?.headers.authorization).toBe('Bearer sk-tts');
    expect((await me.speak({ input: 'Rest well.' })).bytes).toEqual(fakeSpeech('nova', 'Rest well.'));
  });

  it('speaks a reply longer than the engine takes in one piece, in order', async () => {
    const me = await listener(api());
    const sentence = 'This sentence is one of many in a long reply about the week. ';
    const input = sentence.repeat(80).trim();
    const before = openAI.requests.length;
    const spoken = await me.speak({ input });
    const calls = openAI.requests.slice(before).map((request) => (request.body as { input: string }).input);
    expect(calls.length).toBe(2);
    expect(calls.every((part) => part.length <= 4096)).toBe(true);
    expect(calls.join(' ')).toBe(input);
    expect(spoken.bytes).toEqual(Buffer.concat(calls.map((part) => fakeSpeech('nova', part))));
  });

  it(`refuses text over ${TEXT_TO_SPEECH_LIMITS.inputMax} characters, no text and an unknown voice, naming the field`, async () => {
    const me = await listener(api());
    const cases = [
      [{ input: 'x'.repeat(TEXT_TO_SPEECH_LIMITS.inputMax + 1) }, 'input'],
      [{ input: '   ' }, 'input'],
      [{ input: 'Hello.', voice: 'HAL' }, 'voice'],
    ] as const;
    for (const [body, field] of cases) {
      const refused = await me.speak(body);
      expect([refused.status, refused.json.field]).toEqual([400, field]);
    }
    expect((await me.speak({ input: 'y'.repeat(TEXT_TO_SPEECH_LIMITS.inputMax) })).status).toBe(200);
  });

  it('says what went wrong when the engine refuses, before any audio', async () => {
    const me = await listener(api());
    openAIOptions.speechStatus = 429;
    try {
      const refused = await me.speak({ input: 'Hello.' });
      expect([refused.status, refused.json.message]).toEqual([422, 'The speech engine is busy. Please try again in a moment.']);
    } finally {
      delete openAIOptions.speechStatus;
    }
  });

  it("lists OpenAI's voices with the configured default", async () => {
    const me = await listener(api());
    const voices = await me.get<SpeechVoicesResponse>('/api/files/speech/tts/voices');
    expect(voices.json.engine).toBe('openai');
    expect(voices.json.defaultVoice).toBe('nova');
    expect(voices.json.voices.map((voice) => voice.id)).toEqual([...OPENAI_VOICES]);
  });

  it('limits speech and dictation per user, recording tts_limit and stt_limit violations', async () => {
    inOneRateWindow(60);
    const me = await listener(api());
    for (let i = 0; i < 3; i++) expect((await me.speak({ input: `Line ${i}.` })).status).toBe(200);
    const tooMany = await me.speak({ input: 'One more.' });
    expect(tooMany.status).toBe(429);
    expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await listViolations(me.userId, 'tts_limit')).toHaveLength(1);

    for (let i = 0; i < 3; i++) expect((await me.dictate(webm())).status).toBe(200);
    expect((await me.dictate(webm())).status).toBe(429);
    expect(await listViolations(me.userId, 'stt_limit')).toHaveLength(1);
  });
});

describe('speech with Amazon Transcribe and Polly', () => {
  const api = useApi({ env: { MELD_POLLY_ENDPOINT: polly.url }, config: { speech: { stt: { engine: 'transcribe' }, tts: { engine: 'polly', languageCode: 'en-US' } } } });
  const transcribe = mockClient(TranscribeClient);
  afterAll(() => transcribe.restore());

  it("lists Polly's voices of the configured language with the default voice", async () => {
    const me = await listener(api());
    const voices = await me.get<SpeechVoicesResponse>('/api/files/speech/tts/voices');
    expect(voices.status).toBe(200);
    expect(voices.json).toMatchObject({ engine: 'polly', defaultVoice: 'Joanna' });
    expect(voices.json.voices.map((voice) => [voice.id, voice.gender])).toEqual([
      ['Joanna', 'Female'],
      ['Joey', 'Male'],
      ['Matthew', 'Male'],
    ]);
  });

  it('speaks with Polly, neural where the voice has it', async () => {
    const me = await listener(api());
    const spoken = await me.speak({ input: 'Three wins this week.' });
    expect([spoken.status, spoken.headers.get('content-type')]).toEqual([200, 'audio/mpeg']);
    expect(spoken.bytes).toEqual(fakeSpeech('Joanna/neural', 'Three wins this week.'));
    expect((await me.speak({ input: 'Three wins.', voice: 'Joey' })).bytes).toEqual(fakeSpeech('Joey/standard', 'Three wins.'));
  });

  it('transcribes through a Transcribe job within the request, then deletes the recording and the transcript', async () => {
    let job = '';
    transcribe.on(StartTranscriptionJobCommand).callsFake(async (input: { TranscriptionJobName: string; Media: { MediaFileUri: string } }) => {
      job = input.TranscriptionJobName;
      const transcript = JSON.stringify({ results: { transcripts: [{ transcript: 'Send the slides to Priya' }] } });
      await bucketObjects('audio').putText(`${TRANSCRIPT_PREFIX}${job}.json`, transcript);
      return {};
    });
    transcribe.on(GetTranscriptionJobCommand).resolvesOnce({ TranscriptionJob: { TranscriptionJobStatus: 'IN_PROGRESS' } }).resolves({ TranscriptionJob: { TranscriptionJobStatus: 'COMPLETED' } });
    const me = await listener(api());
    const heard = await me.dictate(webm());
    expect([heard.status, heard.json]).toEqual([200, { text: 'Send the slides to Priya' }]);
    const started = transcribe.commandCalls(StartTranscriptionJobCommand)[0]!.args[0].input;
    expect(started.Media?.MediaFileUri).toMatch(new RegExp(`/speech/${me.userId}/[0-9a-f-]{36}\\.webm$`));
    expect(started.MediaFormat).toBe('webm');
    expect(await bucketObjects('audio').listKeys(`speech/${me.userId}/`)).toEqual([]);
    expect(await bucketObjects('audio').listKeys(`${TRANSCRIPT_PREFIX}${job}`)).toEqual([]);
  });
});

describe('speech without server engines', () => {
  const api = useApi();

  it('answers the config with both engines off, not an error the browser would log', async () => {
    const me = await listener(api());
    const config = await me.get('/api/files/speech/config/get');
    expect([config.status, config.json]).toEqual([200, { sttExternal: false, ttsExternal: false }]);
  });

  it('refuses dictation, speech and voices with a message pointing to the browser engine', async () => {
    const me = await listener(api());
    const dictated = await me.dictate(webm());
    expect([dictated.status, dictated.json.message]).toEqual([409, SPEECH_TO_TEXT_MESSAGES.unavailable]);
    const spoken = await me.speak({ input: 'Hello.' });
    expect([spoken.status, spoken.json.message]).toEqual([409, TEXT_TO_SPEECH_MESSAGES.unavailable]);
    expect((await me.get('/api/files/speech/tts/voices')).status).toBe(409);
  });

  it('lets no one in without a session', async () => {
    const anonymous = await api().client().request('GET', '/api/files/speech/config/get');
    expect(anonymous.status).toBe(401);
  });
});
