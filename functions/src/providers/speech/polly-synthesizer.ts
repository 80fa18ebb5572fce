import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { PollyEngineKind, SpeechVoice } from '@meld/shared';
import { awsSigner } from '../../aws/aws-signer.ts';
import { SynthesisError, type Synthesizer } from './synthesizer.ts';

export interface PollySynthesizerOptions {
  region: string;
  /** Polly's regional endpoint without it; a local stand-in in tests. */
  endpoint?: string | undefined;
  voiceId: string;
  /** The engine preferred; a voice without it speaks with one it has (neural where supported). */
  engineKind: PollyEngineKind;
  /** Offer only this language's voices. */
  languageCode?: string | undefined;
}

/** A voice as DescribeVoices lists it. */
export interface PollyVoice {
  Id?: string;
  Name?: string;
  Gender?: 'Female' | 'Male';
  LanguageCode?: string;
  LanguageName?: string;
  SupportedEngines?: string[];
}

/** Polly bills at most 3,000 characters of text per SynthesizeSpeech call. */
const MAX_CHARS = 3000;

/** Polly's voices change with its releases, not between requests: listed once per container. */
const voiceLists = new Map<string, Promise<PollyVoice[]>>();

/**
 * Amazon Polly over its REST API with a SigV4 signature (`awsSigner`): SynthesizeSpeech in MP3,
 * the audio passed on as it arrives, and DescribeVoices. Polly's SDK client would add ~56 KB and
 * take the routes over the 500 KB bundle budget for two plain calls (decision 0021).
 */
export function pollySynthesizer(options: PollySynthesizerOptions): Synthesizer {
  const base = (options.endpoint ?? `https://polly.${options.region}.amazonaws.com`).replace(/\/$/, '');
  const listed = () => listVoices(options.region, base, options.languageCode);
  return {
    engine: 'polly',
    maxChars: MAX_CHARS,
    defaultVoice: options.voiceId,
    voices: async () => (await listed()).map(publicVoice),
    async speak(text, voice) {
      const engines = (await listed()).find((candidate) => candidate.Id === voice)?.SupportedEngines ?? [];
      const engine = engines.includes(options.engineKind) ? options.engineKind : (engines.find((kind) => kind === 'neural') ?? engines[0] ?? 'standard');
      const response = await call(options.region, `${base}/v1/speech`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Engine: engine, OutputFormat: 'mp3', Text: text, TextType: 'text', VoiceId: voice }),
      });
      if (!response.body) throw new SynthesisError('Amazon Polly answered without audio.');
      return Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
    },
  };
}

/** One retry of a throttled or failed call: more would keep a listener waiting. */
async function call(region: string, url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await awsSigner('polly', { region, retries: 1 }).fetch(url, init);
  } catch {
    throw new SynthesisError('Amazon Polly could not be reached. Please try again.');
  }
  if (!response.ok) throw new SynthesisError(refusal(response.status, errorType(response)));
  return response;
}

function listVoices(region: string, base: string, languageCode: string | undefined): Promise<PollyVoice[]> {
  const cacheKey = `${base}|${languageCode ?? '*'}`;
  let list = voiceLists.get(cacheKey);
  if (!list) {
    list = describeAll(region, base, languageCode);
    // A failed listing is asked again next time rather than remembered.
    list.catch(() => voiceLists.delete(cacheKey));
    voiceLists.set(cacheKey, list);
  }
  return list;
}

async function describeAll(region: string, base: string, languageCode: string | undefined): Promise<PollyVoice[]> {
  const voices: PollyVoice[] = [];
  let nextToken: string | undefined;
  do {
    const url = new URL(`${base}/v1/voices`);
    if (languageCode) url.searchParams.set('LanguageCode', languageCode);
    if (nextToken) url.searchParams.set('NextToken', nextToken);
    const page = (await (await call(region, url.toString(), { method: 'GET' })).json()) as { Voices?: PollyVoice[]; NextToken?: string };
    voices.push(...(page.Voices ?? []));
    nextToken = page.NextToken || undefined;
  } while (nextToken);
  return voices.filter((voice) => voice.Id).sort((a, b) => `${a.LanguageCode}${a.Name}`.localeCompare(`${b.LanguageCode}${b.Name}`));
}

function publicVoice(voice: PollyVoice): SpeechVoice {
  return {
    id: voice.Id!,
    name: voice.Name ?? voice.Id!,
    ...(voice.LanguageCode ? { languageCode: voice.LanguageCode } : {}),
    ...(voice.LanguageName ? { languageName: voice.LanguageName } : {}),
    ...(voice.Gender ? { gender: voice.Gender } : {}),
  };
}

/** The error's name from the REST-JSON protocol's header ("ThrottlingException:http://…"). */
function errorType(response: Response): string {
  return (response.headers.get('x-amzn-errortype') ?? '').split(':')[0] || `HTTP ${response.status}`;
}

function refusal(status: number, type: string): string {
  if (type === 'ThrottlingException' || status === 429) return 'Amazon Polly is busy. Please try again in a moment.';
  if (status === 401 || status === 403) return 'Amazon Polly refused the server’s credentials.';
  if (type === 'TextLengthExceededException') return 'The text is too long for Amazon Polly.';
  return `Amazon Polly could not speak the text (${type}). Please try again.`;
}
