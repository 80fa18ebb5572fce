import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIOptions } from '../llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../llm/__fakes__/sse-server.ts';
import { openAITranscriber } from './openai-transcriber.ts';
import { NO_SPEECH, TranscriptionError, type StoredAudio } from './types.ts';

const webm = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x00, 0x11]);
const recording = (mimeType = 'audio/webm;codecs=opus'): StoredAudio => ({ key: 'mentor-interviews/m1/stage-1/a.webm', mimeType, read: () => Promise.resolve(webm) });

const options: FakeOpenAIOptions = { transcript: (upload) => `heard ${upload.bytes.length} bytes of ${upload.mimeType} as ${upload.filename} with ${upload.model}` };
let fake: FakeServer;
beforeAll(async () => {
  fake = await startFakeOpenAI(options);
});
afterAll(() => fake.close());

const engine = (overrides: { apiKey?: string; timeoutMs?: number; baseURL?: string } = {}) => openAITranscriber({ baseURL: `${fake.url}/v1`, apiKey: 'sk-test', model: 'whisper-1', ...overrides });

async function refusalOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TranscriptionError);
  return (error as Error).message;
}

describe('OpenAI-compatible transcription', () => {
  it('uploads the recording with its type and the model, with the server key, and answers with the text at once', async () => {
    const result = await engine().start(recording());
    expect(result).toEqual({ state: 'done', text: `heard ${webm.length} bytes of audio/webm as answer.webm with whisper-1` });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/audio/transcriptions' });
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer sk-test');
  });

  it('fails a job another engine started before the config changed, so the answer can be retried', async () => {
    expect(await engine().check('meld-left-by-transcribe')).toEqual({ state: 'failed', reason: 'The transcription was lost when the speech engine changed. Please try again.' });
  });

  it('reads the key from the environment when configured as a reference', async () => {
    process.env.MELD_TEST_STT_KEY = 'sk-from-env';
    await engine({ apiKey: '${MELD_TEST_STT_KEY}' }).start(recording('audio/ogg'));
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer sk-from-env');
    delete process.env.MELD_TEST_STT_KEY;
    expect(await refusalOf(engine({ apiKey: '${MELD_TEST_STT_KEY}' }).start(recording()))).toMatch(/key is not set up/);
  });

  it('explains each refusal of the engine in words the speaker can act on', async () => {
    const cases = [
      [401, /refused the server’s credentials/],
      [429, /busy\. Please try again/],
      [500, /failed \(500\)\. Please try again/],
      [400, /could not read the recording \(400\): Invalid file format\./],
    ] as const;
    for (const [status, message] of cases) {
      options.transcriptionStatus = status;
      expect(await refusalOf(engine().start(recording()))).toMatch(message);
    }
    delete options.transcriptionStatus;
  });

  it('counts a recording with no words in it as a failed transcription', async () => {
    const silent = await startFakeOpenAI({ transcript: '  ' });
    try {
      expect(await refusalOf(openAITranscriber({ baseURL: `${silent.url}/v1`, apiKey: 'sk', model: 'whisper-1' }).start(recording()))).toBe(NO_SPEECH);
    } finally {
      await silent.close();
    }
  });

  it('gives up on an engine that does not answer in time, and says so for one that cannot be reached', async () => {
    const stalled = createServer(() => undefined);
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const { port } = stalled.address() as AddressInfo;
    try {
      expect(await refusalOf(engine({ baseURL: `http://127.0.0.1:${port}/v1`, timeoutMs: 200 }).start(recording()))).toMatch(/took too long/);
    } finally {
      stalled.closeAllConnections();
      stalled.close();
    }
    expect(await refusalOf(engine({ baseURL: `http://127.0.0.1:${port}/v1` }).start(recording()))).toMatch(/could not be reached/);
  });
});
