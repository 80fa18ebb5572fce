import { describe, expect, it } from 'vitest';
import { TranscriptionError, type Transcriber, type TranscriptionCheck } from '../../providers/speech/types.ts';
import { memoryFragments } from './__fixtures__/memory-store.ts';
import { createVoiceFragment, VOICE_NOTE_MESSAGES, type VoiceNoteDeps } from './voice-note.ts';

const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);

/** A Transcribe-like engine: starts a job, then answers each check with the next state given. */
function jobEngine(checks: TranscriptionCheck[]): Transcriber & { checked: number } {
  const engine = {
    engine: 'transcribe' as const,
    checked: 0,
    start: async () => ({ state: 'pending' as const, job: 'meld-job-1' }),
    check: async () => checks[Math.min(engine.checked++, checks.length - 1)]!,
  };
  return engine;
}

function world(transcriber: Transcriber | null) {
  const fragments = memoryFragments();
  const stored = new Map<string, Uint8Array>();
  const events: string[] = [];
  let slept = 0;
  const deps: VoiceNoteDeps = {
    transcriber,
    audio: { putBytes: async (key, bytes) => void (events.push(`put ${key}`), stored.set(key, bytes)) },
    audioKey: (userId, extension) => `voice-notes/${userId}/note.${extension}`,
    limit: async (userId) => void events.push(`limit ${userId}`),
    onSpeechError: () => events.push('speech error'),
    sleep: async (ms) => void (slept += ms),
    fragments: fragments.deps,
  };
  return { deps, stored, events, items: fragments.items, slept: () => slept };
}

const upload = { data: webm, durationMs: '30000' };

describe('voice notes', () => {
  it('waits for a transcription job and captures its text as a voice fragment that keeps its recording', async () => {
    const engine = jobEngine([{ state: 'running' }, { state: 'running' }, { state: 'done', text: 'Email Jo about the offsite' }]);
    const { deps, events, items, slept } = world(engine);
    const fragment = await createVoiceFragment('u1', upload, deps);
    expect(fragment).toMatchObject({ content: 'Email Jo about the offsite', source: 'voice', type: 'todo', wordCount: 5 });
    expect(events).toEqual(['limit u1', 'put voice-notes/u1/note.webm']);
    expect(items.get(`u1/${fragment.id}`)?.audioKey).toBe('voice-notes/u1/note.webm');
    expect([engine.checked, slept()]).toEqual([3, 4_500]);
  });

  it('gives up after about 20 seconds, saying so, keeping the recording and capturing nothing', async () => {
    const engine = jobEngine([{ state: 'running' }]);
    const { deps, stored, items, slept } = world(engine);
    await expect(createVoiceFragment('u1', upload, deps)).rejects.toMatchObject({ kind: 'unprocessable', message: VOICE_NOTE_MESSAGES.tooSlow });
    expect(slept()).toBeGreaterThanOrEqual(19_500);
    expect(slept()).toBeLessThanOrEqual(21_000);
    expect([...stored.keys()]).toEqual(['voice-notes/u1/note.webm']);
    expect(items.size).toBe(0);
  });

  it("passes on the engine's reason when a job fails or it heard nothing", async () => {
    const failed = world(jobEngine([{ state: 'failed', reason: 'The recording could not be read.' }]));
    await expect(createVoiceFragment('u1', upload, failed.deps)).rejects.toMatchObject({ kind: 'unprocessable', message: 'The recording could not be read.', field: 'audio' });
    const silent: Transcriber = { engine: 'openai', start: () => Promise.reject(new TranscriptionError('No speech was heard in the recording.')), check: () => Promise.reject(new Error('unused')) };
    await expect(createVoiceFragment('u1', upload, world(silent).deps)).rejects.toMatchObject({ message: 'No speech was heard in the recording.' });
  });

  it('reports an engine fault for the log and tells the member the recording was kept', async () => {
    const broken: Transcriber = { engine: 'openai', start: () => Promise.reject(new Error('socket hang up')), check: () => Promise.reject(new Error('unused')) };
    const { deps, events } = world(broken);
    await expect(createVoiceFragment('u1', upload, deps)).rejects.toMatchObject({ message: VOICE_NOTE_MESSAGES.engineFailed });
    expect(events).toContain('speech error');
  });

  it('refuses without an engine, and checks the upload before counting it or storing it', async () => {
    const none = world(null);
    await expect(createVoiceFragment('u1', upload, none.deps)).rejects.toMatchObject({ kind: 'conflict', message: VOICE_NOTE_MESSAGES.unavailable });
    const checked = world(jobEngine([{ state: 'done', text: 'Hi' }]));
    await expect(createVoiceFragment('u1', { data: webm, durationMs: '90001' }, checked.deps)).rejects.toMatchObject({ kind: 'invalid', field: 'duration_ms' });
    await expect(createVoiceFragment('u1', { data: new Uint8Array([1, 2, 3, 4]), durationMs: '1000' }, checked.deps)).rejects.toMatchObject({ kind: 'invalid', field: 'audio' });
    expect([...none.events, ...checked.events]).toEqual([]);
  });
});
