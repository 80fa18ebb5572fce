import { fakeSpeech } from '../../llm/__fakes__/openai-server.ts';
import { startSseServer, type FakeReply, type FakeServer, type RecordedRequest } from '../../llm/__fakes__/sse-server.ts';
import type { PollyVoice } from '../polly-synthesizer.ts';

/** A few of Polly's voices: neural and standard, standard only, two languages. */
export const FAKE_POLLY_VOICES: PollyVoice[] = [
  { Id: 'Joanna', Name: 'Joanna', Gender: 'Female', LanguageCode: 'en-US', LanguageName: 'US English', SupportedEngines: ['neural', 'standard'] },
  { Id: 'Matthew', Name: 'Matthew', Gender: 'Male', LanguageCode: 'en-US', LanguageName: 'US English', SupportedEngines: ['generative', 'neural', 'standard'] },
  { Id: 'Joey', Name: 'Joey', Gender: 'Male', LanguageCode: 'en-US', LanguageName: 'US English', SupportedEngines: ['standard'] },
  { Id: 'Amy', Name: 'Amy', Gender: 'Female', LanguageCode: 'en-GB', LanguageName: 'British English', SupportedEngines: ['neural', 'standard'] },
  { Id: 'Vicki', Name: 'Vicki', Gender: 'Female', LanguageCode: 'de-DE', LanguageName: 'German', SupportedEngines: ['neural', 'standard'] },
];

export interface FakePollyOptions {
  /** Voices per DescribeVoices page, so a listing must follow NextToken. */
  pageSize?: number;
  /** Refuse SynthesizeSpeech with this status and REST-JSON error type; read on every request. */
  speechError?: { status: number; type: string };
}

function describeVoices(url: URL, options: FakePollyOptions): FakeReply {
  const language = url.searchParams.get('LanguageCode');
  const voices = FAKE_POLLY_VOICES.filter((voice) => !language || voice.LanguageCode === language);
  const start = Number(url.searchParams.get('NextToken') ?? '0');
  const size = options.pageSize ?? 2;
  const page = voices.slice(start, start + size);
  return { status: 200, json: { Voices: page, ...(start + size < voices.length ? { NextToken: String(start + size) } : {}) } };
}

function synthesizeSpeech(request: RecordedRequest, options: FakePollyOptions): FakeReply {
  if (options.speechError) return { status: options.speechError.status, json: { message: 'Refused by the fake' }, headers: { 'x-amzn-errortype': `${options.speechError.type}:http://internal.amazon.com/coral/com.amazonaws.tts/` } };
  const body = request.body as { Text?: string; VoiceId?: string; Engine?: string; OutputFormat?: string };
  if (body.OutputFormat !== 'mp3' || !body.Text || !body.VoiceId) return { status: 400, json: { message: 'Text, VoiceId and OutputFormat are required' }, headers: { 'x-amzn-errortype': 'ValidationException' } };
  return { status: 200, bytes: fakeSpeech(`${body.VoiceId}/${body.Engine}`, body.Text), headers: { 'content-type': 'audio/mpeg' } };
}

/** A local stand-in for Amazon Polly's REST API: `GET /v1/voices` (paged) and `POST /v1/speech`. */
export function startFakePolly(options: FakePollyOptions = {}): Promise<FakeServer> {
  return startSseServer((request) => {
    const url = new URL(request.path, 'http://fake-polly');
    if (request.method === 'GET' && url.pathname === '/v1/voices') return describeVoices(url, options);
    if (request.method === 'POST' && url.pathname === '/v1/speech') return synthesizeSpeech(request, options);
    return { status: 404, json: { message: 'Not found' } };
  });
}
