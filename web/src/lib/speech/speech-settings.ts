import type { SpeechEngine, UserSettings } from '@meld/shared';

/** Spec 000 sections 4 and 9: the press that starts the server's voice, and conversation mode's values. */
export const LONG_PRESS_MS = 1000;
export const CONVERSATION_AUTO_SEND_SECONDS = 3;
export const CONVERSATION_DECIBEL = -45;
export const AUTO_SEND_OFF = -1;
export const DEFAULT_PLAYBACK_RATE = 1;

/**
 * The engine to use: a value other than browser or external (an old or foreign setting) reads as
 * the browser's, and so does external while the server has no engine for it.
 */
export function speechEngine(value: string | undefined, externalAvailable: boolean): SpeechEngine {
  return value === 'external' && externalAvailable ? 'external' : 'browser';
}

/**
 * Conversation mode sets auto-transcribe to the same value; switched on it also sends after 3 s of
 * silence at -45 dB, switched off it stops sending by itself.
 */
export function conversationModeChange(on: boolean): Partial<UserSettings> {
  return on
    ? { conversationMode: true, autoTranscribeAudio: true, autoSendText: CONVERSATION_AUTO_SEND_SECONDS, decibelValue: CONVERSATION_DECIBEL }
    : { conversationMode: false, autoTranscribeAudio: false, autoSendText: AUTO_SEND_OFF };
}

/** A slider's value on the 0.1 grid, so 1.2000000000000002 is stored as 1.2. */
export function roundRate(rate: number): number {
  return Math.round(rate * 10) / 10;
}
