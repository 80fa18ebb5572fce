import { describe, expect, it } from 'vitest';
import { parseAppConfig } from './app-config.ts';

describe('app config: speech and the mentor interview', () => {
  it('has no speech engine and takes recordings up to 4 MB when nothing is said', () => {
    const config = parseAppConfig({});
    expect(config.speech.stt).toBeUndefined();
    expect(config.mentorInterview.maxAudioBytes).toBe(4 * 1024 * 1024);
  });

  it('takes an OpenAI-compatible engine with its key as a literal or an environment reference', () => {
    const stt = { engine: 'openai', baseURL: 'http://127.0.0.1:11434/v1', apiKey: '${STT_KEY}', model: 'whisper-1' };
    expect(parseAppConfig({ speech: { stt } }).speech.stt).toEqual(stt);
    expect(parseAppConfig({ speech: { stt: { engine: 'openai', apiKey: 'sk-literal', model: 'gpt-4o-transcribe' } } }).speech.stt).toMatchObject({ apiKey: 'sk-literal' });
  });

  it('takes Amazon Transcribe with or without a language code', () => {
    expect(parseAppConfig({ speech: { stt: { engine: 'transcribe' } } }).speech.stt).toEqual({ engine: 'transcribe' });
    expect(parseAppConfig({ speech: { stt: { engine: 'transcribe', languageCode: 'en-GB' } } }).speech.stt).toEqual({ engine: 'transcribe', languageCode: 'en-GB' });
  });

  it('refuses an unknown engine, a missing model, a user-provided key and keys meant for another engine', () => {
    expect(() => parseAppConfig({ speech: { stt: { engine: 'whisper.cpp' } } })).toThrow(/speech\.stt\.engine/);
    expect(() => parseAppConfig({ speech: { stt: { engine: 'openai', apiKey: 'sk-1' } } })).toThrow(/speech\.stt\.model/);
    expect(() => parseAppConfig({ speech: { stt: { engine: 'openai', apiKey: 'user_provided', model: 'whisper-1' } } })).toThrow(/speech\.stt\.apiKey: Transcription runs with a server key/);
    expect(() => parseAppConfig({ speech: { stt: { engine: 'transcribe', model: 'whisper-1' } } })).toThrow(/speech\.stt/);
  });

  it('keeps the recording limit where a base64-encoded upload still fits a Lambda request', () => {
    expect(parseAppConfig({ mentorInterview: { maxAudioBytes: 2_000_000 } }).mentorInterview.maxAudioBytes).toBe(2_000_000);
    expect(() => parseAppConfig({ mentorInterview: { maxAudioBytes: 6 * 1024 * 1024 } })).toThrow(/mentorInterview\.maxAudioBytes/);
    expect(() => parseAppConfig({ mentorInterview: { maxAudioBytes: 1.5 } })).toThrow(/mentorInterview\.maxAudioBytes/);
  });

  it('speaks with no server engine by default, and with Polly or an OpenAI-compatible server as configured, defaults filled in', () => {
    const none = parseAppConfig({});
    expect(none.speech.tts).toBeUndefined();
    expect(none.speech.maxAudioBytes).toBe(4 * 1024 * 1024);
    expect([none.rateLimits.tts, none.rateLimits.stt]).toEqual([{ max: 50, windowMinutes: 1 }, { max: 50, windowMinutes: 1 }]);
    expect(parseAppConfig({ speech: { tts: { engine: 'polly' } } }).speech.tts).toEqual({ engine: 'polly', voiceId: 'Joanna', engineKind: 'neural' });
    expect(parseAppConfig({ speech: { tts: { engine: 'openai', apiKey: '${TTS_KEY}' } } }).speech.tts).toEqual({ engine: 'openai', apiKey: '${TTS_KEY}', model: 'tts-1', voice: 'alloy' });
  });

  it('refuses a user-provided speech key, an unknown Polly engine and a default voice outside the voices offered', () => {
    expect(() => parseAppConfig({ speech: { tts: { engine: 'openai', apiKey: 'user_provided' } } })).toThrow(/speech\.tts\.apiKey: Speech runs with a server key/);
    expect(() => parseAppConfig({ speech: { tts: { engine: 'polly', engineKind: 'turbo' } } })).toThrow(/speech\.tts\.engineKind/);
    expect(() => parseAppConfig({ speech: { tts: { engine: 'openai', apiKey: 'k', voice: 'nova', voices: ['af_bella'] } } })).toThrow(/speech\.tts\.voice: The default voice must be one of voices/);
    expect(() => parseAppConfig({ speech: { maxAudioBytes: 6 * 1024 * 1024 } })).toThrow(/speech\.maxAudioBytes/);
  });
});
