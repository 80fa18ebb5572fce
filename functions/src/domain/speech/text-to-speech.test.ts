import { describe, expect, it, vi } from 'vitest';
import { SynthesisError, type Synthesizer } from '../../providers/speech/synthesizer.ts';
import { DomainError } from '../errors.ts';
import { listVoices, speakText, speechConfig, TEXT_TO_SPEECH_MESSAGES } from './text-to-speech.ts';

/** An engine that takes 20 characters a call and answers each with `[voice:text]`, refusing text that says "refuse". */
function engine(): Synthesizer & { spoken: string[] } {
  const spoken: string[] = [];
  return {
    engine: 'polly',
    maxChars: 20,
    defaultVoice: 'Joanna',
    spoken,
    voices: () => Promise.resolve([{ id: 'Joanna', name: 'Joanna' }, { id: 'Amy', name: 'Amy' }]),
    speak: (text, voice) => {
      spoken.push(text);
      if (text.includes('refuse')) return Promise.reject(new SynthesisError('Amazon Polly is busy. Please try again in a moment.'));
      return Promise.resolve(
        (async function* () {
          yield Buffer.from(`[${voice}:`);
          yield Buffer.from(`${text}]`);
        })(),
      );
    },
  };
}

async function textOf(audio: AsyncIterable<Uint8Array>): Promise<string> {
  let text = '';
  for await (const chunk of audio) text += Buffer.from(chunk).toString();
  return text;
}

const deps = (synthesizer: Synthesizer | null, limit = vi.fn(() => Promise.resolve())) => ({ synthesizer, limit, onSpeechError: vi.fn() });

describe('text to speech', () => {
  it('speaks a text longer than the engine takes as parts in order, with the default voice', async () => {
    const synthesizer = engine();
    const audio = await speakText({ input: 'First things first. Then the rest of it.' }, deps(synthesizer));
    expect(await textOf(audio)).toBe('[Joanna:First things first.][Joanna:Then the rest of it.]');
    expect(synthesizer.spoken).toEqual(['First things first.', 'Then the rest of it.']);
  });

  it('speaks with a voice the engine offers, and refuses one it does not, naming the field', async () => {
    expect(await textOf(await speakText({ input: 'Hello.', voice: 'Amy' }, deps(engine())))).toBe('[Amy:Hello.]');
    const refused = await speakText({ input: 'Hello.', voice: 'HAL' }, deps(engine())).catch((error: unknown) => error);
    expect(refused).toMatchObject({ kind: 'invalid', field: 'voice', message: TEXT_TO_SPEECH_MESSAGES.unknownVoice });
  });

  it('counts the request against the limits before the engine is asked', async () => {
    const synthesizer = engine();
    const limit = vi.fn(() => Promise.reject(new Error('429')));
    await expect(speakText({ input: 'Hello.' }, deps(synthesizer, limit))).rejects.toThrow('429');
    expect(synthesizer.spoken).toEqual([]);
  });

  it('answers a refusal of the first part as an error, before any audio', async () => {
    const refused = await speakText({ input: 'Please refuse this.' }, deps(engine())).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ kind: 'unprocessable', message: 'Amazon Polly is busy. Please try again in a moment.' });
  });

  it('ends the audio early when a later part fails, and reports it', async () => {
    const options = deps(engine());
    const audio = await speakText({ input: 'A good start here. But then refuse it.' }, options);
    const heard: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of audio) heard.push(Buffer.from(chunk).toString());
      })(),
    ).rejects.toThrow(/busy/);
    expect(heard.join('')).toBe('[Joanna:A good start here.]');
    expect(options.onSpeechError).toHaveBeenCalledOnce();
  });

  it('answers an engine that cannot list its voices with its reason, for the voices and for a named voice', async () => {
    const unreachable = { ...engine(), voices: () => Promise.reject(new SynthesisError('Amazon Polly could not be reached. Please try again.')) };
    await expect(listVoices(unreachable)).rejects.toMatchObject({ kind: 'unprocessable', message: 'Amazon Polly could not be reached. Please try again.' });
    await expect(speakText({ input: 'Hello.', voice: 'Amy' }, deps(unreachable))).rejects.toMatchObject({ kind: 'unprocessable' });
  });

  it('is refused with a 409 when the server has no engine, for speech and for its voices', async () => {
    await expect(speakText({ input: 'Hello.' }, deps(null))).rejects.toMatchObject({ kind: 'conflict', message: TEXT_TO_SPEECH_MESSAGES.unavailable });
    await expect(listVoices(null)).rejects.toMatchObject({ kind: 'conflict' });
    expect(await listVoices(engine())).toEqual({ engine: 'polly', defaultVoice: 'Joanna', voices: [{ id: 'Joanna', name: 'Joanna' }, { id: 'Amy', name: 'Amy' }] });
  });
});

describe('the speech config the browser applies', () => {
  it('says which server engines exist, and that there are none (a 200, so no page logs a 404; decision 0044)', () => {
    expect(speechConfig({ stt: true, tts: false })).toEqual({ sttExternal: true, ttsExternal: false });
    expect(speechConfig({ stt: false, tts: true })).toEqual({ sttExternal: false, ttsExternal: true });
    expect(speechConfig({ stt: false, tts: false })).toEqual({ sttExternal: false, ttsExternal: false });
  });
});
