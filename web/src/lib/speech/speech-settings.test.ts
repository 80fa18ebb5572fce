import { describe, expect, it } from 'vitest';
import { conversationModeChange, roundRate, speechEngine } from './speech-settings.ts';

describe('speech settings rules', () => {
  it('falls back to the browser engine for any value but external, and for external without a server engine', () => {
    expect(speechEngine('external', true)).toBe('external');
    expect(speechEngine('external', false)).toBe('browser');
    expect(speechEngine('azure', true)).toBe('browser');
    expect(speechEngine(undefined, true)).toBe('browser');
    expect(speechEngine('browser', true)).toBe('browser');
  });

  it('sets auto-transcribe with conversation mode, and the 3 s and -45 dB only when it is switched on', () => {
    expect(conversationModeChange(true)).toEqual({ conversationMode: true, autoTranscribeAudio: true, autoSendText: 3, decibelValue: -45 });
    expect(conversationModeChange(false)).toEqual({ conversationMode: false, autoTranscribeAudio: false, autoSendText: -1 });
  });

  it('keeps playback rates on the 0.1 grid', () => {
    expect(roundRate(0.1 + 0.2)).toBe(0.3);
    expect(roundRate(1.2000000000000002)).toBe(1.2);
  });
});
