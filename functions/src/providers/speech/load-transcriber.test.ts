import { parseAppConfig } from '@meld/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadTranscriber } from './load-transcriber.ts';

afterEach(() => vi.unstubAllEnvs());

describe('the configured speech engine', () => {
  it('is none without speech settings, so the interview offers text only', async () => {
    expect(await loadTranscriber(parseAppConfig({}))).toBeNull();
  });

  it('is the OpenAI-compatible engine or Amazon Transcribe as configured', async () => {
    vi.stubEnv('MELD_AUDIO_BUCKET', 'meld-audio');
    expect((await loadTranscriber(parseAppConfig({ speech: { stt: { engine: 'openai', apiKey: 'sk', model: 'whisper-1' } } })))?.engine).toBe('openai');
    expect((await loadTranscriber(parseAppConfig({ speech: { stt: { engine: 'transcribe' } } })))?.engine).toBe('transcribe');
  });
});
