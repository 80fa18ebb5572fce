import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeSpeech } from '../llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../llm/__fakes__/sse-server.ts';
import { startFakePolly, type FakePollyOptions } from './__fakes__/polly-server.ts';
import { pollySynthesizer } from './polly-synthesizer.ts';
import { SynthesisError } from './synthesizer.ts';

const options: FakePollyOptions = {};
let fake: FakeServer;
beforeAll(async () => {
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIATESTPOLLY');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'test-secret');
  fake = await startFakePolly(options);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await fake.close();
});

const engine = (languageCode?: string) => pollySynthesizer({ region: 'eu-west-1', endpoint: fake.url, voiceId: 'Joanna', engineKind: 'neural', languageCode });

async function bytesOf(audio: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of audio) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('Amazon Polly', () => {
  it('lists every voice of the configured language, following the pages, with its name, language and gender', async () => {
    const voices = await engine('en-US').voices();
    expect(voices.map((voice) => voice.id)).toEqual(['Joanna', 'Joey', 'Matthew']);
    expect(voices[0]).toEqual({ id: 'Joanna', name: 'Joanna', languageCode: 'en-US', languageName: 'US English', gender: 'Female' });
    expect(fake.requests.filter((request) => request.path.startsWith('/v1/voices?LanguageCode=en-US'))).toHaveLength(2);
  });

  it('lists each language once per container, and every language without one', async () => {
    const before = fake.requests.length;
    await engine('en-US').voices();
    expect(fake.requests.length).toBe(before);
    expect((await engine().voices()).map((voice) => voice.languageCode)).toEqual(['de-DE', 'en-GB', 'en-US', 'en-US', 'en-US']);
  });

  it('speaks MP3 with the neural engine where the voice has it and its own engine where not, signed for Polly', async () => {
    expect(await bytesOf(await engine('en-US').speak('Good morning.', 'Matthew'))).toEqual(fakeSpeech('Matthew/neural', 'Good morning.'));
    expect(await bytesOf(await engine('en-US').speak('Good evening.', 'Joey'))).toEqual(fakeSpeech('Joey/standard', 'Good evening.'));
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/speech', body: { Text: 'Good evening.', TextType: 'text', VoiceId: 'Joey', Engine: 'standard', OutputFormat: 'mp3' } });
    expect(request.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIATESTPOLLY\/\d{8}\/eu-west-1\/polly\/aws4_request/);
  });

  it('explains a refusal in words the listener can act on', async () => {
    const cases = [
      [{ status: 400, type: 'ThrottlingException' }, /busy/],
      [{ status: 403, type: 'AccessDeniedException' }, /refused the server’s credentials/],
      [{ status: 400, type: 'TextLengthExceededException' }, /too long/],
      [{ status: 500, type: 'ServiceFailureException' }, /could not speak the text \(ServiceFailureException\)/],
    ] as const;
    for (const [error, message] of cases) {
      options.speechError = error;
      const refused = await engine('en-US').speak('Hello.', 'Joanna').catch((caught: unknown) => caught);
      expect(refused).toBeInstanceOf(SynthesisError);
      expect((refused as Error).message).toMatch(message);
    }
    delete options.speechError;
  });
});
