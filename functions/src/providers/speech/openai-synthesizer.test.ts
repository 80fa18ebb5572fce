import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeSpeech, startFakeOpenAI, type FakeOpenAIOptions } from '../llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../llm/__fakes__/sse-server.ts';
import { OPENAI_VOICES, openAISynthesizer } from './openai-synthesizer.ts';
import { SynthesisError } from './synthesizer.ts';

const options: FakeOpenAIOptions = {};
let fake: FakeServer;
beforeAll(async () => {
  fake = await startFakeOpenAI(options);
});
afterAll(() => fake.close());

const engine = (overrides: { baseURL?: string; timeoutMs?: number; voices?: string[] } = {}) =>
  openAISynthesizer({ baseURL: `${fake.url}/v1`, apiKey: 'sk-tts', model: 'tts-1', voice: 'nova', ...overrides });

async function bytesOf(audio: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of audio) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function refusalOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SynthesisError);
  return (error as Error).message;
}

describe('OpenAI-compatible speech', () => {
  it('asks for MP3 of the text with the model and voice, with the server key, and passes the audio on', async () => {
    expect(await bytesOf(await engine().speak('Well done today.', 'onyx'))).toEqual(fakeSpeech('onyx', 'Well done today.'));
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/audio/speech', body: { model: 'tts-1', input: 'Well done today.', voice: 'onyx', response_format: 'mp3' } });
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer sk-tts');
  });

  it("offers OpenAI's voices, or the ones configured for another server", async () => {
    expect((await engine().voices()).map((voice) => voice.id)).toEqual([...OPENAI_VOICES]);
    expect(await engine({ voices: ['af_bella'] }).voices()).toEqual([{ id: 'af_bella', name: 'Af_bella' }]);
    expect(engine()).toMatchObject({ engine: 'openai', defaultVoice: 'nova', maxChars: 4096 });
  });

  it('explains each refusal of the engine in words the listener can act on', async () => {
    const cases = [
      [401, /refused the server’s credentials/],
      [429, /busy/],
      [500, /failed \(500\)/],
      [400, /could not read the text \(400\): Invalid file format\./],
    ] as const;
    for (const [status, message] of cases) {
      options.speechStatus = status;
      expect(await refusalOf(engine().speak('Hello.', 'nova'))).toMatch(message);
    }
    delete options.speechStatus;
  });

  it('gives up on an engine that does not start answering in time, and says so for one that cannot be reached', async () => {
    const stalled = createServer(() => undefined);
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const { port } = stalled.address() as AddressInfo;
    try {
      expect(await refusalOf(engine({ baseURL: `http://127.0.0.1:${port}/v1`, timeoutMs: 200 }).speak('Hello.', 'nova'))).toMatch(/took too long/);
    } finally {
      stalled.closeAllConnections();
      stalled.close();
    }
    expect(await refusalOf(engine({ baseURL: `http://127.0.0.1:${port}/v1` }).speak('Hello.', 'nova'))).toMatch(/could not be reached/);
  });
});
