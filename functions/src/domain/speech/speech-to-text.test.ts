import { describe, expect, it, vi } from 'vitest';
import { TranscriptionError, type Transcriber, type TranscriptionCheck } from '../../providers/speech/types.ts';
import { dictate, SPEECH_TO_TEXT_MESSAGES, type DictationDeps } from './speech-to-text.ts';

const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]);
const wav = new Uint8Array([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WAVEfmt ')]);

function world(transcriber: Transcriber | null) {
  const stored = new Map<string, string>();
  const deps: DictationDeps & { stored: Map<string, string>; discarded: string[] } = {
    transcriber,
    stored,
    discarded: [],
    limit: vi.fn(() => Promise.resolve()),
    audioKey: (extension) => `speech/u1/rec.${extension}`,
    audio: {
      put: (key, _bytes, contentType) => Promise.resolve(void stored.set(key, contentType)),
      discard: (key) => Promise.resolve(void deps.discarded.push(key)),
    },
    sleep: () => Promise.resolve(),
    onSpeechError: vi.fn(),
  };
  return deps;
}

const openAI = (text: string | Error): Transcriber => ({
  engine: 'openai',
  start: () => (text instanceof Error ? Promise.reject(text) : Promise.resolve({ state: 'done', text })),
  check: () => Promise.resolve({ state: 'failed', reason: 'unused' }),
});

const transcribe = (checks: TranscriptionCheck[]): Transcriber => ({
  engine: 'transcribe',
  start: () => Promise.resolve({ state: 'pending', job: 'meld-job' }),
  check: () => Promise.resolve(checks.shift() ?? { state: 'running' }),
});

describe('dictation', () => {
  it('hands an OpenAI-compatible engine the bytes and keeps nothing', async () => {
    const deps = world(openAI('Book the dentist for Tuesday'));
    expect(await dictate(webm, deps)).toEqual({ text: 'Book the dentist for Tuesday' });
    expect(deps.stored.size).toBe(0);
    expect(deps.discarded).toEqual([]);
    expect(deps.limit).toHaveBeenCalledOnce();
  });

  it('puts the recording where Transcribe reads it, waits for the job, and deletes it after', async () => {
    const deps = world(transcribe([{ state: 'running' }, { state: 'done', text: 'Call Ana back' }]));
    expect(await dictate(wav, deps)).toEqual({ text: 'Call Ana back' });
    expect([...deps.stored]).toEqual([['speech/u1/rec.wav', 'audio/wav']]);
    expect(deps.discarded).toEqual(['speech/u1/rec.wav']);
  });

  it('deletes the recording also when the job fails or runs too long, saying why', async () => {
    const failed = world(transcribe([{ state: 'failed', reason: 'No speech was heard in the recording.' }]));
    await expect(dictate(webm, failed)).rejects.toMatchObject({ kind: 'unprocessable', field: 'audio', message: 'No speech was heard in the recording.' });
    expect(failed.discarded).toEqual(['speech/u1/rec.webm']);
    const slow = world(transcribe([]));
    await expect(dictate(webm, slow)).rejects.toMatchObject({ kind: 'unprocessable', message: SPEECH_TO_TEXT_MESSAGES.tooSlow });
    expect(slow.discarded).toEqual(['speech/u1/rec.webm']);
  });

  it('gives the engine’s refusal, and a plain message for anything else, logging that', async () => {
    await expect(dictate(webm, world(openAI(new TranscriptionError('The speech engine is busy. Please try again in a moment.'))))).rejects.toMatchObject({ message: /busy/ });
    const broken = world(openAI(new Error('socket hang up')));
    await expect(dictate(webm, broken)).rejects.toMatchObject({ kind: 'unprocessable', message: SPEECH_TO_TEXT_MESSAGES.engineFailed });
    expect(broken.onSpeechError).toHaveBeenCalledOnce();
  });

  it('refuses foreign audio before counting it, and everything with a 409 without an engine', async () => {
    const deps = world(openAI('unused'));
    await expect(dictate(new Uint8Array(Buffer.from('<html>')), deps)).rejects.toMatchObject({ kind: 'invalid', field: 'audio', message: 'The recording must be WebM, Ogg, MP4 or WAV audio.' });
    expect(deps.limit).not.toHaveBeenCalled();
    await expect(dictate(webm, world(null))).rejects.toMatchObject({ kind: 'conflict', message: SPEECH_TO_TEXT_MESSAGES.unavailable });
  });
});
